import App
import Sheath

// Top-level code, as in a tool's or an app's main.swift, which a default-MainActor target isolates to
// the main actor: verify() and dot() are one synchronous call here as anywhere, with no `await`.
// CI runs it: `swift run --package-path Tests/DefaultMainActor AppGraph`.
for environment in [AppEnvironment.live, .mock] {
  let graph = try makeAppGraph(environment: environment)
  let report = try graph.verify()
  print("\(environment): \(report)")
}
print(try makeAppGraph(environment: .mock).dot(), terminator: "")
