#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and atomically replacing small state files: a reader sees the old file or the
/// new one, never a partial one, whenever the process dies.
public enum AtomicFile {
    /// Why a file could not be read or written, for a one-line warning.
    public struct Failure: Error, Equatable, Sendable {
        public let path: String
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Creates `path` and its parents with mode 0700 where missing.
    public static func makeDirectory(_ path: String) throws(Failure) {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw Failure(path: current, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `text` to a temporary file beside `path` (mode 0600), flushes it to disk and
    /// renames it over `path`. A symlink planted at `path` is replaced, never followed.
    public static func write(_ text: String, to path: String) throws(Failure) {
        try replace(path) { temporary throws(Failure) in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            if let failure = Descriptor.writeAll(descriptor, Array(text.utf8)) {
                throw Failure(path: path, reason: String(cString: strerror(failure)))
            }
            guard fsync(descriptor) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        }
    }

    /// Lets `produce` write a temporary file beside `path`, then renames it into place.
    public static func replace(_ path: String, produce: (String) throws(Failure) -> Void) throws(Failure) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try makeDirectory(directory)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        removeStaleTemporaries(of: name, in: directory)
        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        do throws(Failure) {
            try produce(temporary)
            chmod(temporary, 0o600)
            guard rename(temporary, path) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Temporary files of `name` that a killed process left (`.name.PID.RANDOM.tmp`), older
    /// than a minute: a writer that is still at work is never disturbed.
    static func removeStaleTemporaries(of name: String, in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = ".\(name)."
        let now = time(nil)
        // The name is read in place, up to its terminator: readdir gives a record only as long
        // as the name needs, so copying the whole `d_name` field reads past it.
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return }
        while let entry = readdir(stream) {
            let entryName = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp"),
                entryName.dropFirst(prefix.count).dropLast(4).split(separator: ".").count == 2
            else { continue }
            let full = "\(directory)/\(entryName)"
            var status = stat()
            if lstat(full, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, now - status.st_mtim.tv_sec > 60 {
                unlink(full)
            }
        }
    }

    /// Opens a state file for reading: never through a symbolic link, never a FIFO or device
    /// (which could block or feed endless data), only a regular file of this user. The
    /// descriptor, or `nil` when the file does not exist.
    public static func openForReading(_ path: String) throws(Failure) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw Failure(path: path, reason: "a symbolic link, not followed") }
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(path: path, reason: reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(path: path, reason: "not a regular file")
        }
        guard status.st_uid == geteuid() else {
            close(descriptor)
            throw Failure(path: path, reason: "owned by another user")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// The first `count` bytes of a file (fewer when it is shorter); `nil` when it does not
    /// exist. Refuses what `openForReading` refuses.
    public static func head(_ path: String, count: Int) throws(Failure) -> [UInt8]? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { close(descriptor) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var total = 0
            while total < count {
                let read = Glibc.read(descriptor, buffer.baseAddress.map { $0 + total }, count - total)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                total += read
            }
            initialized = total
        }
    }

    /// The file's text; `nil` when it does not exist. Refuses files over `limit` bytes, text
    /// that is not UTF-8, and anything `openForReading` refuses.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(Failure) -> String? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { close(descriptor) }
        // Read straight into arrays sized from the file (plus one byte, to notice growth),
        // not through a zeroed 64 KiB buffer: these files are read at every start, and each
        // page touched costs a fault.
        func chunk(_ size: Int) throws(Failure) -> [UInt8] {
            while true {
                var failure: Int32 = 0
                let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                    let count = Glibc.read(descriptor, buffer.baseAddress, size)
                    initialized = max(0, count)
                    if count < 0 { failure = errno }
                }
                if failure == EINTR { continue }
                if failure != 0 { throw Failure(path: path, reason: String(cString: strerror(failure))) }
                return bytes
            }
        }
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 ? max(0, Int(status.st_size)) : 0
        var bytes = try chunk(min(expected, limit) + 1)
        var more = bytes
        while !more.isEmpty, bytes.count <= limit {
            more = try chunk(4096)
            bytes += more
        }
        guard bytes.count <= limit else { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
