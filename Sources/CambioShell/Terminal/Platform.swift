import CambioFiles
import Foundation
import Glibc

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything Cambio reads from the process's surroundings, in one place.
public enum Platform {
    /// Occupies a closed standard descriptor with /dev/null opened the other way round, before
    /// anything else opens a file: nothing the program opens later can become its standard
    /// input or output (a cache file read as input, results written into the history), and
    /// reading a closed input or writing a closed output still fails (EBADF), as it should.
    public static func holdStandardDescriptors() {
        for (descriptor, mode) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
            let opened = open("/dev/null", mode | O_CLOEXEC)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// The process's environment, read once from `environ` (the first of a repeated name).
    public static let environment: [String: String] = {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }()

    /// Identifies this build of the program (version, size and modification time of the
    /// executable): facts remembered from ICU are reused only by the program that learned them.
    public static let programStamp: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "\(App.version) unknown" }
        return "\(App.version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()

    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Standard output's descriptor (a constant a default argument can name).
    public static let standardOutput: Int32 = 1

    /// Columns of the terminal on `descriptor`, or `nil` when it is not a terminal.
    public static func terminalColumns(_ descriptor: Int32 = standardOutput) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The home directory: `HOME` when it is an absolute path, else the password database's.
    /// A relative `HOME` (`HOME=foo`) is ignored, as the XDG variables are, so files never land
    /// relative to wherever the program was started (or under `/`).
    public static var homeDirectory: String { homeDirectory(environment: environment) }

    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let path = String(cString: directory)
            if path.hasPrefix("/") { return path }
        }
        return "/"
    }

    /// Writes every byte, retrying short writes; gives up quietly on a closed pipe.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, bytes: [UInt8]) -> Bool {
        Descriptor.writeAll(descriptor, bytes) == nil
    }

    /// Writes every byte, retrying short writes: `nil`, or the error number of the write
    /// that failed.
    public static func write(_ descriptor: Int32, bytes: [UInt8]) -> Int32? {
        Descriptor.writeAll(descriptor, bytes)
    }
}
