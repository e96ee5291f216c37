// swift-tools-version: 6.0
import PackageDescription

// Sheath's benchmarks: Sheath against hand-written constructor calls, Swinject and swift-dependencies.
// A package of its own so that Sheath itself keeps zero dependencies.
//
//   swift run -c release --package-path Benchmarks sheath-bench            full run, Markdown table
//   swift run -c release --package-path Benchmarks sheath-bench --quick    proves every scenario runs
let package = Package(
  name: "SheathBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Sheath", path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
  ],
  targets: [
    // glibc's mallinfo2 and getrusage, for the memory scenario.
    .target(name: "CBenchSupport"),
    .executableTarget(
      name: "sheath-bench",
      dependencies: [
        "CBenchSupport",
        .product(name: "Sheath", package: "Sheath"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Sources/SheathBench"
    ),
    // Each resolution stop, in a release build: see scripts/release-traps.sh.
    .executableTarget(
      name: "release-traps",
      dependencies: [.product(name: "Sheath", package: "Sheath")],
      path: "Sources/ReleaseTraps"
    ),
  ],
  swiftLanguageModes: [.v6]
)
