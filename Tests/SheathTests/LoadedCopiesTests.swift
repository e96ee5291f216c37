import Foundation
import Sheath
import Testing

@Suite("Two copies of Sheath in one process")
struct LoadedCopiesTests {
  @Test("this copy records itself, under this process, when it creates its first key")
  func recordsItself() throws {
    _ = Key<Int>(name: "Keys.anything") { _ in 1 }
    let recorded = try #require(ProcessInfo.processInfo.environment["SHEATH_LOADED_COPY"])
    let fields = recorded.split(separator: " ", maxSplits: 2).map(String.init)
    #expect(fields.count == 3)
    #expect(fields.first == String(getpid()))
  }

  @Test("a second copy in the same process is reported, naming both files")
  func reportsASecondCopy() {
    let first = LoadedCopies.record(process: 42, address: 0x1000, file: "/App.app/Frameworks/Feature.framework/Feature")
    let warning = LoadedCopies.check(
      recorded: first, process: 42, address: 0x2000, file: "/App.app/Frameworks/Other.framework/Other")
    expectText(
      warning ?? "",
      """
      Sheath: warning: two copies of Sheath are loaded in this process
        one from /App.app/Frameworks/Feature.framework/Feature
        one from /App.app/Frameworks/Other.framework/Other
      fix: link Sheath once: as a dynamic library every target shares, or statically into the app alone; keys declared against one copy are unknown to the other's graphs, and each copy has its own singletons
      """)
  }

  @Test("the same copy, a parent process's copy, or none is not reported")
  func reportsNothingElse() {
    let first = LoadedCopies.record(process: 42, address: 0x1000, file: "/App")
    #expect(LoadedCopies.check(recorded: first, process: 42, address: 0x1000, file: "/App") == nil)
    #expect(LoadedCopies.check(recorded: first, process: 43, address: 0x2000, file: "/App") == nil)
    #expect(LoadedCopies.check(recorded: nil, process: 42, address: 0x2000, file: "/App") == nil)
  }
}
