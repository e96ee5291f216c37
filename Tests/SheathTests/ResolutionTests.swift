import Sheath
import Testing

extension Keys {
  fileprivate static var validator: Key<any Validating> { Key<any Validating> { _ in LengthValidator() } }
  fileprivate static var api: Key<any APIClient> { Key<any APIClient>(.singleton) { _ in LiveAPIClient() } }
  fileprivate static var data: Key<any DataControlling> {
    Key<any DataControlling>(name: "Keys.data", fileID: "App/Keys.swift", line: 7) { r in
      DataController(api: r[.api])
    }
  }
  fileprivate static var viewModel: AssistedKey<any RegistrationView, RegistrationViewModel> {
    AssistedKey<any RegistrationView, RegistrationViewModel> { r, view in
      RegistrationViewModel(view: view, data: r[.data], validator: r[.validator])
    }
  }
  fileprivate static var apiBaseURL: Key<String> { Key<String>.required(.singleton) }

  // A diamond: top needs left and right, both need the shared bottom.
  fileprivate static var bottom: Key<Instance> { Key<Instance>(.singleton) { _ in Instance() } }
  fileprivate static var left: Key<[Instance]> { Key<[Instance]> { r in [r[.bottom]] } }
  fileprivate static var right: Key<[Instance]> { Key<[Instance]> { r in [r[.bottom]] } }
  fileprivate static var top: Key<[Instance]> { Key<[Instance]> { r in r[.left] + r[.right] } }
}

// The layouts the docs use for a key with its type written out: the name is read from the declaration,
// whichever line the initializer starts on.
extension Keys {
  fileprivate static var typedOnOneLine: Key<Int> { Key { _ in 1 } }
  fileprivate static var typedBrokenAfterEquals: AssistedKey<any RegistrationView, RegistrationViewModel> {
    AssistedKey { r, view in
      RegistrationViewModel(view: view, data: r[.data], validator: r[.validator])
    }
  }
  // swift-format-ignore
  fileprivate static var typedBrokenAfterColon: AssistedKey<any RegistrationView, RegistrationViewModel> {
    AssistedKey { r, view in
      RegistrationViewModel(view: view, data: r[.data], validator: r[.validator])
    }
  }
  fileprivate static var typedRequired: Key<String> { .required(.singleton) }
}

/// A chain of 100 keys, each built from the one before it.
private let chain: [Key<Int>] = {
  var keys: [Key<Int>] = [Key(name: "chain0") { _ in 0 }]
  for index in 1..<100 {
    let previous = keys[index - 1]
    keys.append(Key(name: "chain\(index)") { r in r[previous] + 1 })
  }
  return keys
}()

@Suite("Resolution")
struct ResolutionTests {
  @Test("a leaf key resolves to its default factory's value, by protocol")
  func leaf() throws {
    let graph = try Graph(modules: [])
    let validator: any Validating = graph[.validator]
    #expect(validator is LengthValidator)
  }

  @Test("nested keys resolve their dependencies from the same graph")
  func nested() throws {
    let graph = try Graph(modules: [])
    let viewModel = graph.make(.viewModel, TestView(title: "register"))
    #expect(viewModel.view.title == "register")
    #expect(viewModel.data.api === graph[.api])
    #expect(viewModel.validator is LengthValidator)
  }

  @Test("a diamond shares its singleton bottom")
  func diamond() throws {
    let graph = try Graph(modules: [])
    let instances = graph[.top]
    #expect(instances.count == 2)
    #expect(instances[0] === instances[1])
  }

  @Test("a chain of 100 keys resolves end to end")
  func deepChain() throws {
    let graph = try Graph(modules: [])
    #expect(graph[chain[99]] == 99)
  }

  @Test("a module's binding replaces the key's default")
  func moduleReplacesDefault() throws {
    let graph = try Graph(modules: [TestModule { $0.bind(.api) { _ in FakeAPIClient() } }])
    #expect(graph[.api].name == "fake")
    #expect(graph.make(.viewModel, TestView(title: "")).data.api.name == "fake")
  }

  @Test("a required key resolves to what a module binds")
  func requiredKey() throws {
    let graph = try Graph(modules: [TestModule { $0.bind(.apiBaseURL, to: "https://example.com") }])
    #expect(graph[.apiBaseURL] == "https://example.com")
    #expect(Keys.apiBaseURL.isRequired)
    #expect(!Keys.api.isRequired)
  }

  @Test("a binding may choose its own lifetime")
  func bindingLifetime() throws {
    let graph = try Graph(modules: [TestModule { $0.bind(.api, .transient) { _ in LiveAPIClient() } }])
    #expect(graph[.api] !== graph[.api])
  }

  @Test("a key knows its name, type and declaration")
  func keyDescription() {
    #expect(Keys.data.name == "Keys.data")
    #expect(Keys.data.typeName == "any DataControlling")
    #expect(Keys.data.declaration.description == "App/Keys.swift:7")
    #expect(Keys.viewModel.typeName == "(any RegistrationView) -> RegistrationViewModel")
    #expect(chain[3].name == "chain3")
  }

  @Test("a key declared with its type written out is named from its declaration, in every layout")
  func typedKeyNames() {
    #expect(Keys.typedOnOneLine.name == "Keys.typedOnOneLine")
    #expect(Keys.typedBrokenAfterEquals.name == "Keys.typedBrokenAfterEquals")
    #expect(Keys.typedBrokenAfterColon.name == "Keys.typedBrokenAfterColon")
    #expect(Keys.typedRequired.name == "Keys.typedRequired")
    #expect(Keys.typedBrokenAfterColon.typeName == "(any RegistrationView) -> RegistrationViewModel")
  }

  @Test("a key declared outside a property is named by its declaration site, in messages too")
  func keyNameWithoutProperty() throws {
    let shipped = Key<Int>.required(fileID: "App/Keys.swift", line: 9)
    #expect(shipped.name == "Key declared at App/Keys.swift:9")
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: [TestModule { $0.require(shipped, fileID: "App/AppModule.swift", line: 14) }])
    }
    expectText(
      error.description,
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Key declared at App/Keys.swift:9 (Int, App/Keys.swift:9)
        required by TestModule (App/AppModule.swift:14)
      fix: bind it in one of the installed modules: b.bind(<#key#>) { … }
      """)
  }

  @Test("a resolver can be passed to code that takes one")
  func resolverValue() throws {
    let graph = try Graph(modules: [])
    let resolver = graph.resolver
    #expect(resolver[.api] === graph[.api])
  }
}
