import CambioShell
import Glibc

// A closed pipe (`cambio < ledger | head -1`) ends the output quietly instead of killing us.
signal(SIGPIPE, SIG_IGN)
exit(App().run(Array(CommandLine.arguments.dropFirst())))
