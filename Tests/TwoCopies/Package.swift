// swift-tools-version: 6.0
import PackageDescription

// Two copies of Sheath in one process, for real: two dynamic libraries that each link Sheath
// statically, as two dynamic frameworks that each embed it do (Factory #277), loaded into one app.
// Its own package, so that `swift test` at the root does not build three more images.
// Run from the repository's root: Tests/TwoCopies/run.sh (CI does).

// NB: a package depended on by path is named after its folder, which is the clone's name (`sheath`,
// `wt-copies`, a CI checkout), so the folder two levels up names it.
let sheath = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "sheath")

let package = Package(
  name: "TwoCopies",
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    // NB: Sheath's library product is automatic, so SwiftPM links its objects into each dynamic
    // product that depends on it: libFrameworkA and libFrameworkB each hold a whole copy.
    .library(name: "FrameworkA", type: .dynamic, targets: ["FrameworkA"]),
    .library(name: "FrameworkB", type: .dynamic, targets: ["FrameworkB"]),
  ],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "FrameworkA", dependencies: [.product(name: "Sheath", package: sheath)]),
    .target(name: "FrameworkB", dependencies: [.product(name: "Sheath", package: sheath)]),
    // The app: links neither library, nor Sheath; it loads the libraries named on its command line.
    .executableTarget(name: "App"),
  ],
  swiftLanguageModes: [.v6]
)
