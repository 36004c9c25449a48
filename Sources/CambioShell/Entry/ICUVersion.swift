import _FoundationICU

/// The versions of ICU and of its CLDR data that format and name everything Cambio shows,
/// for `--version`.
enum ICUVersion {
    /// `76.1`.
    static var icu: String {
        var version: UVersionInfo = (0, 0, 0, 0)
        swift_u_getVersion(&version)
        return "\(version.0).\(version.1)"
    }

    /// `46.0`, or `?` when ICU cannot say.
    static var cldr: String {
        var version: UVersionInfo = (0, 0, 0, 0)
        var status = U_ZERO_ERROR
        swift_ulocdata_getCLDRVersion(&version, &status)
        return status.rawValue > U_ZERO_ERROR.rawValue ? "?" : "\(version.0).\(version.1)"
    }
}
