import Foundation
import Sheath
import Testing

// Swinject's default `.graph` scope, Cleanse's and Dagger's "one per component build": a sign-up form
// whose fields and validator all see the same draft, built once for each form.

private final class Draft: Sendable {}

private final class Field: Sendable {
  let draft: Draft
  init(draft: Draft) { self.draft = draft }
}

private final class FormValidator: Sendable {
  let draft: Draft
  init(draft: Draft) { self.draft = draft }
}

/// A per-resolution value that keeps a provider for later.
private final class Notepad: Sendable {
  let fresh: Provider<Draft>
  init(fresh: Provider<Draft>) { self.fresh = fresh }
}

private final class SignUpForm: Sendable {
  let name: Field
  let email: Field
  let validator: FormValidator
  init(name: Field, email: Field, validator: FormValidator) {
    (self.name, self.email, self.validator) = (name, email, validator)
  }
}

extension Keys {
  fileprivate static var draft: Key<Draft> { Key(.perResolution) { Draft() } }
  fileprivate static var field: Key<Field> { Key(.transient, .draft) { Field(draft: $0) } }
  fileprivate static var formValidator: Key<FormValidator> {
    Key(.transient, .draft) { FormValidator(draft: $0) }
  }
  fileprivate static var signUpForm: Key<SignUpForm> {
    Key(.transient, .field, .field, .formValidator) { name, email, validator in
      SignUpForm(name: name, email: email, validator: validator)
    }
  }
  /// The same form, wired through resolvers: the escape hatch shares the same way.
  fileprivate static var resolvedForm: Key<SignUpForm> {
    Key { r in
      SignUpForm(name: Field(draft: r[.draft]), email: r[.field], validator: r[.formValidator])
    }
  }
  /// A form whose validator reads the draft through a provider while the factory runs.
  fileprivate static var providedForm: Key<(SignUpForm, Provider<Draft>)> {
    Key(.transient, .signUpForm, .draft.provider) { form, draft in
      #expect(draft() === form.name.draft)
      return (form, draft)
    }
  }
  /// A form and the notepad whose provider of the draft another factory of the same request made, and
  /// which returned before the form was built: called in this factory, while the request runs, the
  /// provider is part of the request.
  fileprivate static var formAndNotepad: Key<(SignUpForm, Notepad, Bool)> {
    Key(.transient, .notepad, .signUpForm) { notepad, form in
      (form, notepad, notepad.fresh() === form.name.draft)
    }
  }
  /// A singleton that holds a per-resolution value: not captive, since that value is not cached.
  fileprivate static var session: Key<Field> { Key(.singleton, .field) { $0 } }
  fileprivate static var sessionAndField: Key<(Field, Field)> { Key(.transient, .session, .field) { ($0, $1) } }
  fileprivate static var drafts: Key<[Int]> { Key(.perResolution) { [1] } }
  fileprivate static var notepad: Key<Notepad> { Key(.perResolution, .draft.provider) { Notepad(fresh: $0) } }
  fileprivate static var notekeeper: Key<Notepad> { Key(.singleton, .notepad) { $0 } }
  fileprivate static var memo: Key<Notepad> { Key(.transient, .draft.provider) { Notepad(fresh: $0) } }
  /// The request builds the per-resolution notepad first, then the singleton that shares it.
  fileprivate static var notepadAndKeeper: Key<(Notepad, Notepad)> {
    Key(.transient, .notepad, .notekeeper) { ($0, $1) }
  }
  fileprivate static var memoKeeper: Key<Notepad> { Key(.singleton, .memo) { $0 } }
}

@Suite("Per-resolution lifetime")
struct PerResolutionTests {
  @Test("one instance for everything one resolution builds")
  func sharedWithinOneResolution() throws {
    let graph = try Graph(modules: [])
    let form = graph[.signUpForm]
    #expect(form.name.draft === form.email.draft)
    #expect(form.validator.draft === form.name.draft)
  }

  @Test("a new instance for every resolution")
  func newForEachResolution() throws {
    let graph = try Graph(modules: [])
    let first = graph[.signUpForm]
    let second = graph[.signUpForm]
    #expect(first.name.draft !== second.name.draft)
    #expect(graph[.draft] !== graph[.draft])
  }

  @Test("kept only until the resolution returns: what nothing holds is released")
  func releasedWithTheResolution() throws {
    let graph = try Graph(modules: [])
    weak var draft: Draft?
    do {
      let form = graph[.signUpForm]
      draft = form.name.draft
      #expect(draft != nil)
    }
    #expect(draft == nil)
    // Asked for alone, the draft is the caller's: the resolution that built it keeps nothing.
    weak var alone: Draft?
    alone = graph[.draft]
    #expect(alone == nil)
  }

  @Test("resolvers and providers share the resolution's instance while it runs; later, a new one")
  func throughResolversAndProviders() throws {
    let graph = try Graph(modules: [])
    let form = graph[.resolvedForm]
    #expect(form.name.draft === form.email.draft)
    #expect(form.validator.draft === form.email.draft)
    let (provided, draft) = graph[.providedForm]
    // Called after the resolution returned, the provider starts one of its own.
    #expect(draft() !== provided.name.draft)
  }

  @Test(
    "a provider another factory of the request made, called in a factory while the request runs, shares its instance; later, a new one"
  )
  func providerMadeEarlierInTheRequest() throws {
    let graph = try Graph(modules: [])
    let (form, notepad, sharedWhileRunning) = graph[.formAndNotepad]
    #expect(sharedWhileRunning)
    #expect(notepad.fresh() !== form.name.draft)
  }

  @Test("a module's binding with the lifetime shares the same way; values need not be objects")
  func moduleBinding() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.drafts, .perResolution) {
          [built.increment()]
        }
      }
    ])
    #expect(graph[.drafts] == [1])
    #expect(graph[.drafts] == [2])
    #expect(try graph.verify().keys.first { $0.name == "Keys.drafts" }?.lifetime == ".perResolution")
    let node = ##""Keys.drafts" [label="Keys.drafts\nArray<Int>\n.perResolution", fillcolor="#f3e8ff"];"##
    #expect(graph.dot().contains(node))
  }

  @Test("each graph has its own instance in a resolution")
  func perGraph() throws {
    let parent = try Graph(modules: [])
    let child = parent.child(scope: .flow)
    let form = child[.signUpForm]
    #expect(form.name.draft === form.email.draft)
    // The singleton is the parent's, built from the parent in the same resolution: the parent's draft.
    let (session, field) = child[.sessionAndField]
    #expect(session.draft !== field.draft)
    #expect(parent[.sessionAndField].0 === session)
  }

  @Test("a singleton may hold a per-resolution value: it shares it with the resolution that built it")
  func heldBySingleton() throws {
    let graph = try Graph(modules: [])
    // Not a captive dependency: the graph builds, and verifies.
    _ = try graph.verify()
    let (session, field) = graph[.sessionAndField]
    #expect(session.draft === field.draft)
    #expect(graph[.sessionAndField].1.draft !== session.draft)
  }

  @Test(
    "a per-resolution value built for a singleton keeps a provider that does not keep the graph: it is released with the singleton"
  )
  func heldBySingletonWithProvider() throws {
    weak var released: Graph?
    do {
      let graph = try Graph(modules: [
        TestModule { b in
          b.expose(.notekeeper)
          b.expose(.memoKeeper)
        }
      ])
      released = graph
      // Built under the singleton's factory, the value's provider refers to the graph as the
      // singleton's own would: the graph owns the singleton, so a provider that owned the graph
      // would keep both alive forever. The same for a transient value (`.memo`).
      #expect(graph[.notekeeper].fresh() !== graph[.notekeeper].fresh())
      #expect(graph[.memoKeeper].fresh() !== graph[.memoKeeper].fresh())
    }
    #expect(released == nil, "the graph, its singleton and the per-resolution value it holds were not released")
  }

  @Test(
    "a per-resolution value a request built first, then shared with a singleton, does not keep the graph either"
  )
  func sharedWithSingletonAfterTheRequest() throws {
    weak var released: Graph?
    do {
      let graph = try Graph(modules: [TestModule { b in b.expose(.notepadAndKeeper) }])
      released = graph
      let (notepad, kept) = graph[.notepadAndKeeper]
      #expect(notepad === kept, "one notepad for the resolution")
      #expect(notepad.fresh() !== notepad.fresh())
    }
    #expect(released == nil, "the graph, its singleton and the per-resolution value it holds were not released")
  }

  @Test("two threads resolving at once never share an instance")
  func threads() async throws {
    let graph = try Graph(modules: [])
    let forms = await withTaskGroup(of: SignUpForm.self) { group in
      for _ in 0..<8 { group.addTask { graph[.signUpForm] } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for form in forms { #expect(form.name.draft === form.validator.draft) }
    #expect(Set(forms.map { ObjectIdentifier($0.name.draft) }).count == forms.count)
  }
}

// MARK: - Async and main-actor keys, cycles

private actor Cart {}

@MainActor private final class ScreenPresenter {}

extension Keys {
  fileprivate static var cart: AsyncKey<Cart> { AsyncKey(.perResolution) { Cart() } }
  fileprivate static var cartLine: AsyncKey<Cart> { AsyncKey(.transient, .cart.provider) { try await $0() } }
  fileprivate static var checkout: AsyncKey<[Cart]> {
    AsyncKey(.transient, .cart.provider, .cartLine.provider) { cart, line in
      // Two tasks of the same resolution ask at once: one build, one instance.
      async let first = cart()
      async let second = cart()
      return try await [first, second, line()]
    }
  }
  fileprivate static var screenPresenter: MainActorKey<ScreenPresenter> {
    MainActorKey(.perResolution) { ScreenPresenter() }
  }
  fileprivate static var screens: MainActorKey<[ScreenPresenter]> {
    MainActorKey(.transient, .screenPresenter.provider) { presenter in [presenter(), presenter()] }
  }
  fileprivate static var selfish: Key<Draft> {
    Key(.perResolution, name: "Keys.selfish", fileID: "App/Keys.swift", line: 40) { r in
      _ = r[.selfishPartner]
      return Draft()
    }
  }
  fileprivate static var selfishPartner: Key<Draft> {
    Key(name: "Keys.selfishPartner", fileID: "App/Keys.swift", line: 46) { r in r[.selfish] }
  }
}

extension PerResolutionTests {
  @Test("async keys: one instance for the resolution, in every task it starts")
  func async() async throws {
    let graph = try Graph(modules: [])
    let carts = try await graph[.checkout]
    #expect(carts.count == 3)
    #expect(carts.allSatisfy { $0 === carts[0] })
    let again = try await graph[.checkout]
    #expect(again[0] !== carts[0])
    #expect(try await graph[.cart] !== graph[.cart])
  }

  @Test("an async resolution keeps its instances no longer than it runs")
  func asyncReleased() async throws {
    let graph = try Graph(modules: [])
    weak var cart: Cart?
    do {
      let carts = try await graph[.checkout]
      cart = carts[0]
    }
    // The task that built it may still be finishing after it handed the cart over: wait for it, up to
    // a second.
    for _ in 0..<1000 where cart != nil { try await Task.sleep(nanoseconds: 1_000_000) }
    #expect(cart == nil)
  }

  @Test("main-actor keys: one instance for the resolution")
  @MainActor func mainActor() throws {
    let graph = try Graph(modules: [])
    let screens = graph[.screens]
    #expect(screens[0] === screens[1])
    #expect(graph[.screens][0] !== screens[0])
  }

  @Test("a per-resolution key that needs itself while it is built stops with the cycle")
  func cycle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try Graph(modules: [])[.selfish]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: dependency cycle
        Keys.selfish (Draft, App/Keys.swift:40)
        → Keys.selfishPartner (Draft, App/Keys.swift:46)
        → Keys.selfish
      fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears
      """)
  }
}

private final class Summary: Sendable {
  let fields: [Field]
  let cart: Cart
  init(fields: [Field], cart: Cart) {
    self.fields = fields
    self.cart = cart
  }
}

extension Keys {
  /// Synchronous dependencies of an async factory, and a synchronous request made inside it.
  fileprivate static var summary: AsyncKey<Summary> {
    AsyncKey(.transient, .field, .formValidator, .cart.provider) { field, validator, cart in
      #expect(field.draft === validator.draft)
      return Summary(fields: [field, Field(draft: validator.draft)], cart: try await cart())
    }
  }
}

extension PerResolutionTests {
  @Test("synchronous requests inside an async resolution join it")
  func synchronousInsideAsync() async throws {
    let graph = try Graph(modules: [])
    let first = try await graph[.summary]
    let second = try await graph[.summary]
    #expect(first.fields[0].draft !== second.fields[0].draft)
  }
}

extension Keys {
  fileprivate static var flowNotes: Key<Instance> {
    Key(.scoped(.flow), name: "Keys.flowNotes", fileID: "App/Keys.swift", line: 50) { Instance() }
  }
  fileprivate static var noteDraft: Key<Instance> {
    Key(.perResolution, .flowNotes, name: "Keys.noteDraft", fileID: "App/Keys.swift", line: 51) { $0 }
  }
  fileprivate static var noteKeeper: Key<Instance> {
    Key(.singleton, .noteDraft, name: "Keys.noteKeeper", fileID: "App/Keys.swift", line: 52) {
      neverBuilt($0, "noteKeeper")
    }
  }
}

extension PerResolutionTests {
  @Test("a per-resolution key may hold a scoped one; a singleton that holds it through one is captive")
  func captive() throws {
    let flow = try Graph(modules: [TestModule { b in b.expose(.noteDraft) }]).child(scope: .flow)
    #expect(flow[.noteDraft] === flow[.flowNotes])
    expectText(
      buildError([TestModule { b in b.expose(.noteKeeper) }]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.noteKeeper (Instance, App/Keys.swift:52) is .singleton, but holds Keys.flowNotes (Instance, App/Keys.swift:50), which is .scoped(.flow)
        Keys.noteKeeper → Keys.noteDraft → Keys.flowNotes
      fix: give Keys.noteKeeper a lifetime no longer than .scoped(.flow), or resolve Keys.flowNotes from a graph that opens .flow and pass it to the method that needs it
      """)
  }
}
