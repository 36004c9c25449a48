import CambioTestSupport
import Foundation
import Testing

/// `Scripts/install` into a temporary prefix, then the installed program as a user meets it:
/// offline, with its helper found in `libexec`, its man page rendered by `man`, its
/// completions loaded by bash (and parsed by zsh and fish), and `Scripts/uninstall`.
@Suite(.serialized) struct InstallTests {
    static let repository = Repository.root.path

    let prefix: TemporaryDirectory
    let home: TemporaryDirectory
    var root: String { prefix.path + "/usr" }

    init() throws {
        prefix = try TemporaryDirectory()
        home = try TemporaryDirectory()
        let programs = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        let install = try Cambio.shell(
            "\(Self.repository)/Scripts/install --from '\(programs)' --prefix '\(prefix.path)/usr'", environment: home.environment())
        try #require(install.status == 0, "\(install.stdout)\(install.stderr)")
    }

    private func installed(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: root + "/" + path) }

    @Test func theInstalledProgramConvertsOfflineAndFindsItsHelperInLibexec() throws {
        #expect(installed("bin/cambio") && installed("libexec/cambio/cambio-fetch"))
        #expect(!FileManager.default.fileExists(atPath: root + "/bin/cambio-fetch"))
        let run = try Cambio.shell("'\(root)/bin/cambio' 12.50 eur in usd", environment: home.environment(["CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0)
        #expect(run.stdout == "€12.500 = $13.965\n", "\(run.stdout)\(run.stderr)")

        // A refresh reaches the loopback server through the helper in libexec.
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        let fresh = try Cambio.shell(
            "'\(root)/bin/cambio' --refresh 10 eur in usd",
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(fresh.stdout == "€10.000 = $20.000\n", "\(fresh.stderr)")
        #expect(server.requestedPaths == ["/v1/currencies/eur.json"])
    }

    /// The installed program refreshes on a machine without the Swift toolchain: its helper
    /// carries the Swift runtime it needs (it exited 127 with the toolchain's libraries gone,
    /// and the program stayed on its bundled rates for ever). The toolchain is hidden under an
    /// empty directory in a mount namespace of the run's own. Release programs only: a debug
    /// build links the toolchain's libraries by design.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CAMBIO_TEST_PROGRAMS"] != nil))
    func theInstalledProgramRefreshesWithoutTheToolchain() throws {
        // The directory of the Swift runtime the tests themselves are linked with.
        let linked = try Cambio.shell("ldd '\(CommandLine.arguments[0])'", environment: home.environment())
        let core = linked.stdout.split(separator: "\n").first { $0.contains("libswiftCore.so => ") }?.split(separator: " ").first { $0.hasPrefix("/") }
        let toolchain = try #require(core.map { URL(fileURLWithPath: String($0)).deletingLastPathComponent().path }, "\(linked.stdout)")
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v1/currencies/eur.json", .init(text: LiveRatesTests.servedTable))
        let script = home.path + "/without-toolchain.sh"
        try """
        mount -t tmpfs none '\(toolchain)' || exit 90
        test -z "$(ls '\(toolchain)')" || exit 91
        exec '\(root)/bin/cambio' --refresh 10 eur in usd
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let fresh = try Cambio.shell(
            "unshare --mount --propagation private /bin/sh '\(script)'",
            environment: home.environment(["CAMBIO_PROVIDER_URL": server.baseURL, "CAMBIO_PROVIDER": "currency-api"]))
        #expect(fresh.status == 0 && fresh.stdout == "€10.000 = $20.000\n", "\(fresh.status) \(fresh.stdout)\(fresh.stderr)")
        #expect(server.requestedPaths == ["/v1/currencies/eur.json"])
        // Nothing of the toolchain is named among the helper's libraries, and it carries no ICU.
        let libraries = try Cambio.shell("ldd '\(root)/libexec/cambio/cambio-fetch'", environment: home.environment())
        #expect(!libraries.stdout.contains(toolchain) && !libraries.stdout.contains("libswift"), "\(libraries.stdout)")
        let symbols = try Cambio.shell("nm -D --defined-only '\(root)/libexec/cambio/cambio-fetch' | grep -c icudt || true", environment: home.environment())
        #expect(symbols.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func theManPageRendersWithoutWarningsAndDescribesEveryCommandAndOption() throws {
        let page = root + "/share/man/man1/cambio.1"
        let rendered = try Cambio.shell("LC_ALL=C.UTF-8 MANWIDTH=100 man --warnings=w -l '\(page)' | col -b", environment: home.environment())
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(rendered.stdout.contains("\n\(section)\n"), "no section \(section)")
        }
        let help = try Cambio.run(["--help"], environment: home.environment())
        for option in [
            "--plain", "--offline", "--refresh", "--format", "--line-buffered", "--locale", "--completion", "--man", "--help", "--version",
        ] {
            #expect(rendered.stdout.contains(option) && help.stdout.contains(option), "\(option)")
        }
        for command in ["base", "swap", "recent", "list", "rates", "refresh", "source", "locale", "preview", "status", "help", "quit"] {
            #expect(rendered.stdout.contains("\n       \(command)"), "\(command) is not in the man page")
            #expect(help.stdout.contains("\n  \(command)"), "\(command) is not in --help")
        }
        #expect(rendered.stdout.contains("CAMBIO_PROVIDER_URL") && rendered.stdout.contains("161 currencies"))
    }

    @Test func bashLoadsTheCompletionAndCompletesOptionsCommandsAndCurrencies() throws {
        let script = root + "/share/bash-completion/completions/cambio"
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let run = try Cambio.shell(
                "source '\(script)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _cambio; printf '%s\\n' \"${COMPREPLY[@]}\"",
                environment: home.environment())
            return run.stdout.split(separator: "\n").map(String.init)
        }
        let loaded = try Cambio.shell("source '\(script)'; complete -p cambio", environment: home.environment())
        #expect(loaded.stdout == "complete -F _cambio cambio\n")
        #expect(try complete(["cambio", "--for"]) == ["--format"])
        #expect(try complete(["cambio", "--format", ""]) == ["text", "tsv", "csv", "json", "ledger", "hledger", "beancount", "gnucash"])
        #expect(try complete(["cambio", "--locale", "de_D"]).contains("de_DE"))
        #expect(try complete(["cambio", "ba"]).contains("base"))
        #expect(try complete(["cambio", "12", "eur", "in", "US"]) == ["usd"])
        #expect(try complete(["cambio", "preview", ""]) == ["on", "off"])
        #expect(try complete(["cambio", "source", ""]).contains("ecb"))
        // bash splits --format=js at "=": the value is still completed.
        #expect(try complete(["cambio", "--format", "=", "js"]) == ["json"])
        // A command that takes one argument is offered nothing after it.
        #expect(try complete(["cambio", "recent", "clear", ""]) == [])
        #expect(try complete(["cambio", "--locale", "de_DE", "pre"]) == ["preview"])
        #expect(try complete(["cambio", "rates", "usd", "gb"]) == ["gbp"])
    }

    @Test func zshAndFishParseTheirCompletions() throws {
        for (shell, file, check) in [
            ("/usr/bin/zsh", "share/zsh/site-functions/_cambio", "-n"),
            ("/usr/bin/fish", "share/fish/vendor_completions.d/cambio.fish", "--no-execute"),
        ] {
            guard FileManager.default.isExecutableFile(atPath: shell) else {
                Issue.record("\(shell) is missing: Scripts/setup --test installs it")
                continue
            }
            let run = try Cambio.shell("\(shell) \(check) '\(root)/\(file)'", environment: home.environment())
            #expect(run.status == 0, "\(shell): \(run.stderr)")
        }
        let zsh = try String(contentsOfFile: root + "/share/zsh/site-functions/_cambio", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef cambio\n") && zsh.contains("'usd:US Dollar'"))
        let fish = try String(contentsOfFile: root + "/share/fish/vendor_completions.d/cambio.fish", encoding: .utf8)
        #expect(fish.contains("-a usd -d 'US Dollar'") && fish.contains("complete -c cambio -l format -x -a 'text tsv csv json ledger hledger beancount gnucash'"))
    }

    @Test func uninstallRemovesExactlyWhatWasInstalled() throws {
        try prefix.write("usr/bin/other-tool", "#!/bin/sh\n")
        let run = try Cambio.shell("\(Self.repository)/Scripts/install --uninstall --prefix '\(root)'", environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        let left = FileManager.default.enumerator(atPath: root)?.allObjects.compactMap { $0 as? String }.sorted() ?? []
        #expect(left == ["bin", "bin/other-tool"])
    }

    /// A staged install (`--destdir`) records no directories; uninstall then still succeeds
    /// and removes its list (it exited 1 silently and left the list).
    @Test func aStagedInstallUninstallsCleanly() throws {
        let stage = try TemporaryDirectory()
        let programs = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        let install = try Cambio.shell(
            "\(Self.repository)/Scripts/install --from '\(programs)' --prefix /usr --destdir '\(stage.path)'", environment: home.environment())
        #expect(install.status == 0, "\(install.stderr)")
        let run = try Cambio.shell("\(Self.repository)/Scripts/uninstall --prefix /usr --destdir '\(stage.path)'", environment: home.environment())
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = FileManager.default.enumerator(atPath: stage.path)?.allObjects.compactMap { $0 as? String }
            .filter { !((try? FileManager.default.attributesOfItem(atPath: stage.path + "/" + $0)[.type] as? FileAttributeType) == .typeDirectory) }
        #expect(files == [], "\(files ?? [])")
    }

    /// A symbolic link planted in the prefix is never written through, and uninstall never
    /// removes through one; a failed install leaves the list of what it put there.
    @Test func symbolicLinksInThePrefixAreNotFollowed() throws {
        let target = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: other.path + "/p", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: other.path + "/p/libexec", withDestinationPath: target.path)
        let programs = URL(fileURLWithPath: Cambio.executable).deletingLastPathComponent().path
        let install = try Cambio.shell(
            "\(Self.repository)/Scripts/install --from '\(programs)' --prefix '\(other.path)/p'", environment: home.environment())
        #expect(install.status == 1 && install.stderr.contains("is a symbolic link; not installing through it"), "\(install.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: target.path)) == [])
        // What it put there before stopping (bin/cambio) is listed, and uninstall removes it.
        let list = try String(contentsOfFile: other.path + "/p/share/cambio/installed-files", encoding: .utf8)
        #expect(list.contains("f bin/cambio"), "\(list)")
        let uninstall = try Cambio.shell("\(Self.repository)/Scripts/uninstall --prefix '\(other.path)/p'", environment: home.environment())
        #expect(uninstall.status == 0 && !FileManager.default.fileExists(atPath: other.path + "/p/bin/cambio"), "\(uninstall.stderr)")
        // Uninstall does not remove through a link planted after the install.
        try FileManager.default.removeItem(atPath: root + "/share/doc")
        try FileManager.default.createSymbolicLink(atPath: root + "/share/doc", withDestinationPath: target.path)
        try target.write("cambio/README.md", "not ours")
        let planted = try Cambio.shell("\(Self.repository)/Scripts/uninstall --prefix '\(root)'", environment: home.environment())
        #expect(planted.status == 1 && planted.stderr.contains("left alone"), "\(planted.stderr)")
        #expect(FileManager.default.fileExists(atPath: target.path + "/cambio/README.md"))
    }
}
