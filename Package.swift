// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cambio",
    products: [
        .executable(name: "cambio", targets: ["cambio"]),
        .executable(name: "cambio-bench", targets: ["cambio-bench"]),
        .executable(name: "cambio-fuzz", targets: ["cambio-fuzz"]),
    ],
    targets: [
        // MARK: Core: money, currencies, rate tables, the command language, evaluation (no I/O)

        .target(name: "CambioCore"),

        // MARK: Rates: providers over HTTP, the on-disk cache, atomic files

        .target(
            name: "CambioRates",
            dependencies: ["CambioCore"]
        ),

        // MARK: Shell: the terminal and libedit

        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "CambioShell",
            dependencies: ["CambioCore", "CambioRates", "CEditLine"]
        ),

        // MARK: The executable

        .executableTarget(
            name: "cambio",
            dependencies: ["CambioCore", "CambioShell"]
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
            dependencies: ["CambioCore", "CambioRates", "CambioShell"]
        ),

        // MARK: Tests

        // A real HTTP server on loopback and temporary directories, shared by the test targets.
        .target(
            name: "CambioTestSupport",
            path: "Sources/CambioTestSupport"
        ),

        .testTarget(
            name: "CambioCoreTests",
            dependencies: ["CambioCore"]
        ),
        .testTarget(
            name: "CambioRatesTests",
            dependencies: ["CambioCore", "CambioRates", "CambioTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CambioShellTests",
            dependencies: ["CambioCore", "CambioRates", "CambioShell", "CambioTestSupport", "cambio"]
        ),
    ]
)
