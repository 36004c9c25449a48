#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to a file descriptor.
public enum Descriptor {
    /// Writes every byte, retrying short and interrupted writes; the `errno` of the write that
    /// failed (EIO when one wrote nothing), or `nil` when all was written.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + offset, buffer.count - offset) } ?? -1
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }
}
