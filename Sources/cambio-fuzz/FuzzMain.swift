import Foundation

#if CAMBIO_LIBFUZZER
    /// The fuzz target chosen by `CAMBIO_FUZZ_TARGET` (libFuzzer has the process's `main`).
    let fuzzTarget = ProcessInfo.processInfo.environment["CAMBIO_FUZZ_TARGET"] ?? "command"

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzTargets.run(fuzzTarget, bytes)
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name; hand over to libFuzzer.
    @_cdecl("cambio_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without libFuzzer: replays corpus files through a target, as CI does.
    /// Usage: cambio-fuzz TARGET FILE|DIRECTORY …
    @main
    enum Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let target = arguments.first, FuzzTargets.names.contains(target) else {
                print("usage: cambio-fuzz TARGET FILE|DIRECTORY …   targets: \(FuzzTargets.names.joined(separator: ", "))")
                exit(2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                let files =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    FuzzTargets.run(target, Array(data))
                    count += 1
                }
            }
            print("\(target): \(count) inputs replayed, every property held")
        }
    }
#endif
