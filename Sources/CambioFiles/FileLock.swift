#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock (`flock`) on a lock file, held for the lifetime of the value.
public final class FileLock {
    private let descriptor: Int32

    /// How long a writer waits for a lock another process holds before it gives up: far longer
    /// than any of Cambio's own writes takes, short enough that a stuck holder (or a planted
    /// `flock`) never hangs the shell.
    public static let defaultTimeout = 2.0

    /// Takes the exclusive lock on `path`, waiting at most `timeout` seconds for another
    /// holder; creates the file (0600) if needed. Past the time, throws: the caller warns and
    /// skips its write.
    public init(path: String, timeout: Double = FileLock.defaultTimeout) throws(AtomicFile.Failure) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        try AtomicFile.makeDirectory(directory)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.Failure(path: path, reason: String(cString: strerror(errno))) }
        var waited = 0.0
        let step = 0.01
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            guard failure == EWOULDBLOCK, waited < timeout else {
                close(descriptor)
                let reason =
                    failure == EWOULDBLOCK
                    ? "locked by another process for over \(Int(timeout)) s; not written" : String(cString: strerror(failure))
                throw AtomicFile.Failure(path: path, reason: reason)
            }
            usleep(useconds_t(step * 1_000_000))
            waited += step
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
