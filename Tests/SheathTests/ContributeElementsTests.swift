import Sheath
import Testing

extension Keys {
  fileprivate static var tasks: CollectionKey<String> {
    CollectionKey<String>(name: "Keys.tasks", fileID: "App/Keys.swift", line: 3)
  }
  fileprivate static var sharedTasks: CollectionKey<Instance> { CollectionKey<Instance>(.singleton) }
  fileprivate static var flowTasks: CollectionKey<String> {
    CollectionKey<String>(
      .scoped(.flow), name: "Keys.flowTasks", fileID: "App/Keys.swift", line: 5)
  }
  fileprivate static var taskCount: Key<Int> { Key<Int> { _ in 2 } }
}

@Suite("Contributing several elements at once")
struct ContributeElementsTests {
  @Test("the elements take the place of the call, in the order the factory returns them")
  func order() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .tasks) { _ in "first" }
        b.contributeElements(to: .tasks) { _ in ["second", "third"] }
        b.contribute(to: .tasks) { _ in "fourth" }
      },
      TestModule { $0.contributeElements(to: .tasks) { _ in ["fifth", "sixth"] } },
    ])
    #expect(graph[.tasks] == ["first", "second", "third", "fourth", "fifth", "sixth"])
  }

  @Test("a factory may resolve, and return a different number of elements, or none")
  func resolvedCount() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.contributeElements(to: .tasks) { r in (0..<r[.taskCount]).map { "task \($0)" } }
        b.contributeElements(to: .tasks) { _ in [] }
      }
    ])
    #expect(graph[.tasks] == ["task 0", "task 1"])
    let none = try graph.child(modules: [TestModule { $0.override(.taskCount, to: 0) }])
    #expect(none[.tasks] == [])
  }

  @Test("a child's elements follow its parent's")
  func child() throws {
    let parent = try Graph(modules: [TestModule { $0.contributeElements(to: .tasks) { _ in ["a", "b"] } }])
    let child = try parent.child(modules: [
      TestModule { b in
        b.contribute(to: .tasks) { _ in "c" }
        b.contributeElements(to: .tasks) { _ in ["d", "e"] }
      }
    ])
    #expect(child[.tasks] == ["a", "b", "c", "d", "e"])
    #expect(parent[.tasks] == ["a", "b"])
  }

  @Test("the factory runs once for a singleton collection, and on each resolution for a transient one")
  func lifetimes() throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.contributeElements(to: .sharedTasks) { _ in
          built.increment()
          return [Instance(number: 1), Instance(number: 2)]
        }
        b.contributeElements(to: .tasks) { _ in
          built.increment()
          return ["fresh"]
        }
      }
    ])
    #expect(graph[.sharedTasks].map(\.number) == [1, 2])
    #expect(graph[.sharedTasks][1] === graph[.sharedTasks][1])
    _ = graph[.tasks]
    _ = graph[.tasks]
    #expect(built.value == 3)
  }

  @Test("an override replaces the whole collection, elements contributed at once included")
  func override() throws {
    let graph = try Graph(modules: [
      TestModule { $0.contributeElements(to: .tasks) { _ in ["a", "b"] } },
      TestModule { $0.override(.tasks) { _ in ["replaced"] } },
    ])
    #expect(graph[.tasks] == ["replaced"])
  }

  @Test("a collection bound and contributed to at once is an error that names the call")
  func boundAndContributed() {
    expectText(
      buildError([
        TestModule { $0.bind(.tasks, fileID: "App/AppModule.swift", line: 7) { _ in [] } },
        TestModule { $0.contributeElements(to: .tasks, fileID: "App/TasksModule.swift", line: 4) { _ in ["a"] } },
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: Keys.tasks (Array<String>, App/Keys.swift:3) is both bound and contributed to
        bound by TestModule (App/AppModule.swift:7)
        contributed by TestModule (App/TasksModule.swift:4)
      fix: contribute every element, or make the binding an override to replace the whole collection: b.override(.tasks) { … }
      """)
  }

  @Test("elements of a scoped collection contributed below the graph that owns it are an error")
  func belowScope() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let module = TestModule {
      $0.contributeElements(to: .flowTasks, fileID: "App/Screen.swift", line: 9) { _ in ["a"] }
    }
    expectText(
      buildError([module], parent: flow),
      """
      Sheath could not build the graph (1 problem):

      error: Keys.flowTasks is scoped to .flow, but it is contributed to in a graph below the .flow graph that owns its instance
        Keys.flowTasks (Array<String>, App/Keys.swift:5)
        contributed by TestModule (App/Screen.swift:9)
      fix: contribute in the graph that opens .flow, or open .flow in this graph: parent.child(scope: .flow, modules: …)
      """)
  }
}
