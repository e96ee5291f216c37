import Sheath
import Testing

private struct User: Sendable, Equatable {
  let login: String
}

private final class AccountData: Sendable {
  let user: User
  init(user: User) { self.user = user }
}

private final class Greeting: Sendable {
  let text: String
  init(data: AccountData) { text = "Hello, \(data.user.login)" }
}

private final class Navigator: Sendable {
  let openAccount: ChildGraphFactory<User>
  init(openAccount: ChildGraphFactory<User>) { self.openAccount = openAccount }
}

extension Scope {
  fileprivate static let account = Scope("account")
}

extension Keys {
  fileprivate static var currentUser: Key<User> {
    Key<User>.required(
      .scoped(.account), name: "Keys.currentUser", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var accountData: Key<AccountData> {
    Key(
      .scoped(.account), .currentUser, name: "Keys.accountData", fileID: "App/Keys.swift", line: 2
    ) { user in AccountData(user: user) }
  }
  fileprivate static var greeting: Key<Greeting> {
    Key(
      .transient, .accountData, name: "Keys.greeting", fileID: "App/Keys.swift", line: 5
    ) { data in Greeting(data: data) }
  }
  fileprivate static var token: Key<String> {
    Key<String>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 8)
  }
  fileprivate static var accountFlow: ChildGraphKey<User> {
    ChildGraphKey(
      scope: .account, seeding: .currentUser, name: "Keys.accountFlow", fileID: "App/Keys.swift", line: 9
    ) { [AccountModule()] }
  }
  fileprivate static var brokenFlow: ChildGraphKey<User> {
    ChildGraphKey(
      scope: .account, seeding: .currentUser, name: "Keys.brokenFlow", fileID: "App/Keys.swift", line: 12
    ) { [NeedsTokenModule()] }
  }
  fileprivate static var navigator: Key<Navigator> {
    Key(
      .singleton, .accountFlow, name: "Keys.navigator", fileID: "App/Keys.swift", line: 15
    ) { open in Navigator(openAccount: open) }
  }
}

private struct AccountModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.greeting)
  }
}

private struct NeedsTokenModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.greeting, .token, fileID: "App/NeedsTokenModule.swift", line: 3) { token in
      Greeting(data: AccountData(user: User(login: token)))
    }
  }
}

@Suite("Child graph keys with a seed")
struct SeededChildGraphKeyTests {
  @Test("open(seed) gives a child in which the seed key is bound to that value, each child its own")
  func seedsEachChild() throws {
    let graph = try Graph(modules: [])
    let navigator = graph[.navigator]
    let octocat = navigator.openAccount.open(User(login: "octocat"))
    let hubot = navigator.openAccount.open(User(login: "hubot"))
    #expect(octocat[.greeting].text == "Hello, octocat")
    #expect(hubot[.greeting].text == "Hello, hubot")
    #expect(octocat.scope == .account)
    #expect(octocat.parent === graph)
    #expect(octocat[.accountData] === octocat[.accountData])  // one per account
  }

  @Test("a key that needs the seed, named in the app's module, is a missing seed whose fix is the child's module")
  func screenNamedOutsideItsChild() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.navigator)
          b.expose(.greeting, fileID: "App/AppModule.swift", line: 4)
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.currentUser (User, App/Keys.swift:1)
        needed by Keys.greeting → Keys.accountData → Keys.currentUser
        Keys.currentUser is the seed of Keys.accountFlow: each child graph it opens binds it to the value the child is opened with, and no graph above binds it
      fix: name Keys.greeting in a module of Keys.accountFlow — ChildGraphKey(scope: …, seeding: .currentUser) { [ModuleThatExposesIt()] } — where the seed is bound, not in this graph's modules; or bind .currentUser here if this graph has a value for it
      """)
  }

  @Test("the seed's binding names the line that opened the child; a graph above that binds the seed key is overridden")
  func overridesAGraphAbove() throws {
    let graph = try Graph(modules: [TestModule { b in b.bind(.currentUser, to: User(login: "guest")) }])
    let line = #line + 1
    let account = graph[.navigator].openAccount.open(User(login: "octocat"))
    #expect(account[.currentUser] == User(login: "octocat"))
    #expect(
      account.source(of: .currentUser)?.description
        == "ChildGraphSeed<User> (SheathTests/SeededChildGraphKeyTests.swift:\(line))")
  }

  @Test("verify() reads a seeded child's modules with the seed bound, before any child is opened")
  func verified() throws {
    let report = try Graph(modules: [TestModule { b in b.expose(.navigator) }]).verify()
    #expect(report.childGraphs == ["Keys.accountFlow"])
    #expect(
      report.keys.filter { $0.childGraph == "Keys.accountFlow" }.map(\.name) == [
        "Keys.greeting", "Keys.currentUser", "Keys.accountData",
      ])
    #expect(report.unchecked == [])
  }

  @Test("a seeded child whose modules cannot be built is reported by verify()")
  func brokenChild() throws {
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: [TestModule { b in b.expose(.brokenFlow) }]).verify()
    }
    #expect(error.problems.map(\.kind) == [.childGraphNotBuilt])
    #expect(error.problems.first?.description.contains("missing binding for required key Keys.token") == true)
  }
}
