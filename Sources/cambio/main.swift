import CambioShell
import Glibc

// Closed standard descriptors stay closed to what the program opens.
Platform.holdStandardDescriptors()
// A closed pipe (`cambio < ledger | head -1`) ends the output quietly instead of killing us.
signal(SIGPIPE, SIG_IGN)
var app = App()
exit(app.run(Array(CommandLine.arguments.dropFirst())))
