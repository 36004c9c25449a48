#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock (`flock`) on a lock file, held for the lifetime of the value.
public final class FileLock {
    private let descriptor: Int32

    /// Blocks until the exclusive lock on `path` is held; creates the file (0600) if needed.
    public init(path: String) throws(AtomicFile.Failure) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try AtomicFile.makeDirectory(directory)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw AtomicFile.Failure(path: path, reason: reason)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
