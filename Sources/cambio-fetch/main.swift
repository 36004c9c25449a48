// The fetch helper: one GET with libcurl, its body or the reason it failed written to
// standard output for the cambio process that started it (see HelperTransport).
//
//     cambio-fetch --timeout SECONDS URL
import CSystem
import CambioFiles
import CambioNetwork
import CambioWire
import Glibc

// Ends with the program that started it: nobody would read the answer.
let parent = getppid()
_ = cambio_parent_death_signal(SIGKILL)
if getppid() != parent { _exit(1) }
signal(SIGPIPE, SIG_IGN)
// A background errand: the shell the user types into comes first.
_ = nice(10)

var arguments = Array(CommandLine.arguments.dropFirst())
var timeout = 10
if arguments.count == 3, arguments[0] == "--timeout", let seconds = Int(arguments[1]), (1...300).contains(seconds) {
    timeout = seconds
    arguments.removeFirst(2)
}
guard arguments.count == 1 else {
    let usage = "usage: cambio-fetch [--timeout SECONDS] URL (started by cambio; writes its answer to standard output)\n"
    _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    _exit(2)
}
let result: Result<[UInt8], FetchError>
switch RequestPolicy.validate(arguments[0]) {
case .failure(let error): result = .failure(error)
case .success(let url): result = CurlTransport().start(url: url, timeout: Double(timeout)).wait()
}
if Descriptor.writeAll(STDOUT_FILENO, HelperReport.encode(result)) != nil { _exit(1) }
// Straight out: the transfer thread may still be winding down, and nothing needs cleaning up.
_exit(0)
