// swift-tools-version:6.0
import PackageDescription

// Release code reaches generic type metadata through accessor functions, not mangled names
// that the runtime demangles, and checks conformances for, on first use: 1.2 million fewer
// instructions and about 0.5 ms off every start of the program.
//
// Release code also leaves out the run-time exclusivity checks on class properties: the
// session state, the engine's, the converter's and the formatter's caches are touched many
// times a line, and the checks cost more than the 5 % a trick must buy on a user's file (the
// commits that kept this say how much). Debug builds, which every test uses, keep them, and
// so does the fuzzer's release build (Scripts/fuzz sets CAMBIO_CHECK_EXCLUSIVITY), where a
// conflicting access stops the run.
//
// Each function of release code has a section of its own, so that the linker can lay out
// the ones a run needs together (the executable's target says why).
let checksExclusivity = Context.environment["CAMBIO_CHECK_EXCLUSIVITY"] != nil
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"]
            + (checksExclusivity ? [] : ["-enforce-exclusivity=unchecked"]),
        .when(configuration: .release))
]

let package = Package(
    name: "Cambio",
    products: [
        .executable(name: "cambio", targets: ["cambio"]),
        .executable(name: "cambio-fetch", targets: ["cambio-fetch"]),
        .executable(name: "cambio-bench", targets: ["cambio-bench"]),
        .executable(name: "cambio-fuzz", targets: ["cambio-fuzz"]),
    ],
    targets: [
        // MARK: Core: money, currencies, rate tables, the command language, evaluation (no I/O)

        // ICU (as Foundation carries it) writes the samples the locale facts are read from.
        .target(name: "CambioCore", dependencies: ["CambioWire"], swiftSettings: directMetadata, linkerSettings: [.linkedLibrary("_FoundationICU")]),

        // MARK: Wire: outside text, fetch failures, the request policy and the helper's report,
        // on FoundationEssentials alone, so that the fetch helper carries no ICU
        .target(name: "CambioWire", swiftSettings: directMetadata),

        // MARK: Files: atomic replacement, locks and whole writes, for the rates and the shell

        .target(name: "CambioFiles", swiftSettings: directMetadata),

        // MARK: Rates: providers, the on-disk cache, refreshes

        .target(
            name: "CambioRates",
            dependencies: ["CambioCore", "CambioFiles", "CSystem"],
            swiftSettings: directMetadata
        ),

        // pipe2 and prctl, which the Glibc module does not show.
        .target(name: "CSystem"),

        // MARK: Network: libcurl. Only the fetch helper and the tests link it, so that the
        // program a user starts never loads libcurl, TLS and their libraries.

        .target(
            name: "CambioNetwork",
            dependencies: ["CambioWire", "CCurl"]
        ),
        // libcurl's easy interface, with typed wrappers for its variadic calls.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        // MARK: Shell: the terminal and libedit

        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Signal flags, the self-pipe and libedit's character reader: process-wide state,
        // defined once.
        .target(name: "CTerminal", dependencies: ["CEditLine"]),
        .target(
            name: "CambioShell",
            dependencies: ["CambioCore", "CambioFiles", "CambioRates", "CEditLine", "CTerminal"],
            swiftSettings: directMetadata,
            // ICU's own version functions, for `--version` (Foundation carries ICU as this library).
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),

        // ICU's data for release builds, trimmed to what Cambio reads (Scripts/icu-data).
        .target(name: "CICUData", cSettings: [.define("CAMBIO_RELEASE", .when(configuration: .release))]),

        // MARK: The executable

        .executableTarget(
            name: "cambio",
            dependencies: ["CambioCore", "CambioShell", "CICUData"],
            // The functions a run needs, in the order the linker lays them out (Scripts/link-order).
            exclude: ["link-order.txt"],
            // Release builds are one statically linked, position-dependent executable: no
            // loader, no shared libraries to map and bind, none of the 72,000 relocations a
            // position-independent build applies before main. That halves the start-up time
            // (7.7 ms to 4.0 ms for a one-shot conversion, Scripts/bench). libedit's own
            // dependencies are named because a static link does not find them by itself.
            //
            // LLVM's linker lays the functions a run needs side by side, in the order of
            // Sources/cambio/link-order.txt: Scripts/link-order says why and makes the list.
            swiftSettings: directMetadata + [.unsafeFlags(["-static-executable"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-use-ld=lld",
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/cambio/link-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ],
                    .when(configuration: .release)),
                .linkedLibrary("tinfo", .when(configuration: .release)),
                .linkedLibrary("bsd", .when(configuration: .release)),
                .linkedLibrary("md", .when(configuration: .release)),
            ]
        ),

        // One GET for the shell, which starts it as a separate process (HelperTransport).
        //
        // Release builds link the Swift runtime and FoundationEssentials into it (libcurl and
        // the C library stay the system's), so that an installed program refreshes on a machine
        // without the toolchain; FoundationEssentials needs its two support libraries named.
        .executableTarget(
            name: "cambio-fetch",
            dependencies: ["CambioFiles", "CambioWire", "CambioNetwork", "CSystem"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
            ]
        ),

        // MARK: Tools

        // In-process measurements for Scripts/bench (completion and preview costs).
        .executableTarget(
            name: "cambio-bench",
            dependencies: ["CambioCore"]
        ),

        // Fuzz targets: with -DCAMBIO_LIBFUZZER and -sanitize=fuzzer,address a libFuzzer binary
        // (Scripts/fuzz); without, a replayer of the corpora in Fuzz/ (run by the tests).
        .executableTarget(
            name: "cambio-fuzz",
            dependencies: ["CambioCore", "CambioFiles", "CambioRates", "CambioShell"]
        ),

        // MARK: Tests

        // A real HTTP server on loopback and temporary directories, shared by the test targets.
        .target(
            name: "CambioTestSupport",
            path: "Sources/CambioTestSupport"
        ),

        .testTarget(
            name: "CambioCoreTests",
            dependencies: ["CambioCore", "CambioTestSupport"]
        ),
        .testTarget(
            name: "CambioFilesTests",
            dependencies: ["CambioFiles", "CambioTestSupport"]
        ),
        .testTarget(
            name: "CambioRatesTests",
            dependencies: ["CambioCore", "CambioFiles", "CambioRates", "CambioNetwork", "CambioTestSupport", "cambio-fetch"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CambioShellTests",
            dependencies: ["CambioCore", "CambioFiles", "CambioRates", "CambioShell", "CambioTestSupport", "cambio", "cambio-fetch"],
            exclude: ["Transcripts", "Snapshots"]
        ),
    ]
)
