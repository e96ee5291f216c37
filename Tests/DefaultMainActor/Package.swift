// swift-tools-version: 6.2
import PackageDescription

// Sheath in a target that builds like a new Xcode 26 app target: default actor isolation MainActor,
// with the upcoming features Approachable Concurrency turns on. Its own package, because
// `.defaultIsolation` needs tools 6.2 and Sheath's manifest stays at 6.0 for Swift 6.0 and 6.1 users.
// Run from the repository's root: swift test --package-path Tests/DefaultMainActor

// NB: a package depended on by path is named after its folder, which is the clone's name (`sheath`,
// `wt-isolation`, a CI checkout), so the folder two levels up names it.
let sheath = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "sheath")

let approachableConcurrency: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "DefaultMainActor",
  platforms: [.macOS(.v12), .iOS(.v15)],
  dependencies: [.package(path: "../..")],
  targets: [
    // An app written as Sheath's docs show it.
    .target(
      name: "App", dependencies: [.product(name: "Sheath", package: sheath)], swiftSettings: approachableConcurrency),
    // The README's first block, in a target built as a new Xcode 26 app target is.
    .target(
      name: "ReadmeApp", dependencies: [.product(name: "Sheath", package: sheath)],
      swiftSettings: approachableConcurrency),
    // A tool whose top-level code (main.swift) verifies the app's graph and draws it: CI runs it.
    .executableTarget(
      name: "AppGraph", dependencies: ["App", .product(name: "Sheath", package: sheath)],
      swiftSettings: approachableConcurrency),
    // Its tests, in the same mode, with SheathTesting's `.graph` trait.
    .testTarget(
      name: "AppTests", dependencies: ["App", .product(name: "SheathTesting", package: sheath)],
      swiftSettings: approachableConcurrency),
  ],
  swiftLanguageModes: [.v6]
)
