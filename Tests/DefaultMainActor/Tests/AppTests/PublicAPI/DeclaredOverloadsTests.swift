import SheathTesting
import Testing

/// What the digits keys of DeclaredOverloads.swift resolve to in a graph: for each kind of key, one
/// value per number of dependencies, 0 to 6.
struct Digits: Equatable, CustomTestStringConvertible {
  var keys: [String]
  var mainActorKeys: [String]
  var asyncKeys: [String]
  var assistedKeys: [String]
  var mainActorAssistedKeys: [String]

  var testDescription: String {
    [keys, mainActorKeys, asyncKeys, assistedKeys, mainActorAssistedKeys].map { "\($0)" }.joined(separator: "\n")
  }

  /// Each key's value when its factory writes `prefix` and then the digits of its dependencies ("12");
  /// an assisted key's writes its argument between them.
  static func spelled(_ prefix: String, assisted: String? = nil, argument: String = "made ") -> Digits {
    let digits = (0...6).map { count in (0..<count).map { "\($0 + 1)" }.joined() }
    let assisted = (assisted ?? prefix) + argument
    return Digits(
      keys: digits.map { prefix + $0 }, mainActorKeys: digits.map { prefix + $0 },
      asyncKeys: digits.map { prefix + $0 }, assistedKeys: digits.map { assisted + $0 },
      mainActorAssistedKeys: digits.map { assisted + $0 })
  }
}

extension Graph {
  /// Resolves every digits key, with "made " for the assisted keys' argument.
  func digits() async throws -> Digits {
    Digits(
      keys: [
        self[.digits0], self[.digits1], self[.digits2], self[.digits3], self[.digits4], self[.digits5], self[.digits6],
      ],
      mainActorKeys: [
        self[.mainActorDigits0], self[.mainActorDigits1], self[.mainActorDigits2], self[.mainActorDigits3],
        self[.mainActorDigits4], self[.mainActorDigits5], self[.mainActorDigits6],
      ],
      asyncKeys: [
        try await self[.asyncDigits0], try await self[.asyncDigits1], try await self[.asyncDigits2],
        try await self[.asyncDigits3], try await self[.asyncDigits4], try await self[.asyncDigits5],
        try await self[.asyncDigits6],
      ],
      assistedKeys: [
        make(.assistedDigits0, "made "), make(.assistedDigits1, "made "), make(.assistedDigits2, "made "),
        make(.assistedDigits3, "made "), make(.assistedDigits4, "made "), make(.assistedDigits5, "made "),
        make(.assistedDigits6, "made "),
      ],
      mainActorAssistedKeys: [
        make(.mainActorAssistedDigits0, "made "), make(.mainActorAssistedDigits1, "made "),
        make(.mainActorAssistedDigits2, "made "), make(.mainActorAssistedDigits3, "made "),
        make(.mainActorAssistedDigits4, "made "), make(.mainActorAssistedDigits5, "made "),
        make(.mainActorAssistedDigits6, "made "),
      ])
  }
}

@Suite("Every declared-dependency overload, in a default-MainActor target")
struct DeclaredOverloadsTests {
  @Test("each key's default, declared in a nonisolated extension, gets its dependencies in order")
  func defaults() async throws {
    #expect(try await Graph(modules: []).digits() == .spelled(""))
  }

  @Test("modules bind and override each kind of key with each number of dependencies, with or without a lifetime")
  func modules() async throws {
    #expect(try await Graph(modules: [BoundDigitsModule()]).digits() == .spelled("bound "))
    #expect(try await Graph(modules: [TransientDigitsModule()]).digits() == .spelled("transient ", assisted: ""))
    #expect(try await Graph(modules: [OverriddenDigitsModule()]).digits() == .spelled("overridden "))
    let transient = try Graph(modules: [BoundDigitsModule()]).child(modules: [TransientOverridesModule()])
    #expect(try await transient.digits() == .spelled("transient override ", assisted: "bound "))
  }

  @Test("decorators and contributions declare what they need with each number of dependencies: from a module")
  nonisolated func decoratorsAndContributions() throws {
    let graph = try Graph(modules: [DecoratorsAndContributionsModule()])
    #expect(graph[.decoratedDigits] == decoratedAndContributed.decorated)
    #expect(graph[.collectedDigits] == decoratedAndContributed.collected)
    #expect(graph[.mappedDigits] == decoratedAndContributed.mapped)
    #expect(try graph.verify().uncheckedKeys.isEmpty)
  }

  @Test("decorators and contributions declare what they need with each number of dependencies: on the main actor")
  func decoratorsAndContributionsOnTheMainActor() throws {
    let preview = try Graph.preview { b in
      b.decorate(.decoratedDigits) { $0 + "|" }
      b.decorate(.decoratedDigits, .one) { "\($0)\($1)|" }
      b.decorate(.decoratedDigits, .one, .two) { "\($0)\($1)\($2)|" }
      b.decorate(.decoratedDigits, .one, .two, .three) { "\($0)\($1)\($2)\($3)|" }
      b.decorate(.decoratedDigits, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)|" }
      b.decorate(.decoratedDigits, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)|" }
      b.decorate(.decoratedDigits, .one, .two, .three, .four, .five, .six) {
        "\($0)\($1)\($2)\($3)\($4)\($5)\($6)|"
      }
      b.contribute(to: .collectedDigits) { "" }
      b.contribute(to: .collectedDigits, .one) { "\($0)" }
      b.contribute(to: .collectedDigits, .one, .two) { "\($0)\($1)" }
      b.contribute(to: .collectedDigits, .one, .two, .three) { "\($0)\($1)\($2)" }
      b.contribute(to: .collectedDigits, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" }
      b.contribute(to: .collectedDigits, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
      b.contribute(to: .collectedDigits, .one, .two, .three, .four, .five, .six) {
        "\($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.contribute(to: .mappedDigits, entry: 0) { "" }
      b.contribute(to: .mappedDigits, entry: 1, .one) { "\($0)" }
      b.contribute(to: .mappedDigits, entry: 2, .one, .two) { "\($0)\($1)" }
      b.contribute(to: .mappedDigits, entry: 3, .one, .two, .three) { "\($0)\($1)\($2)" }
      b.contribute(to: .mappedDigits, entry: 4, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" }
      b.contribute(to: .mappedDigits, entry: 5, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
      b.contribute(to: .mappedDigits, entry: 6, .one, .two, .three, .four, .five, .six) {
        "\($0)\($1)\($2)\($3)\($4)\($5)"
      }
    }
    #expect(preview[.decoratedDigits] == decoratedAndContributed.decorated)
    #expect(preview[.collectedDigits] == decoratedAndContributed.collected)
    #expect(preview[.mappedDigits] == decoratedAndContributed.mapped)
  }

  @Test("a preview's overrides bind, and a test graph's override, each kind of key on the main actor")
  func overridesOnTheMainActor() async throws {
    let preview = try Graph.preview { b in
      b.bind(.digits0) { "bound " }
      b.bind(.digits1, .one) { "bound \($0)" }
      b.bind(.digits2, .one, .two) { "bound \($0)\($1)" }
      b.bind(.digits3, .one, .two, .three) { "bound \($0)\($1)\($2)" }
      b.bind(.digits4, .one, .two, .three, .four) { "bound \($0)\($1)\($2)\($3)" }
      b.bind(.digits5, .one, .two, .three, .four, .five) { "bound \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.digits6, .one, .two, .three, .four, .five, .six) { "bound \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.bind(.mainActorDigits0) { "bound " }
      b.bind(.mainActorDigits1, .one) { "bound \($0)" }
      b.bind(.mainActorDigits2, .one, .two) { "bound \($0)\($1)" }
      b.bind(.mainActorDigits3, .one, .two, .three) { "bound \($0)\($1)\($2)" }
      b.bind(.mainActorDigits4, .one, .two, .three, .four) { "bound \($0)\($1)\($2)\($3)" }
      b.bind(.mainActorDigits5, .one, .two, .three, .four, .five) { "bound \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.mainActorDigits6, .one, .two, .three, .four, .five, .six) { "bound \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.bind(.asyncDigits0) { "bound " }
      b.bind(.asyncDigits1, .one) { "bound \($0)" }
      b.bind(.asyncDigits2, .one, .two) { "bound \($0)\($1)" }
      b.bind(.asyncDigits3, .one, .two, .three) { "bound \($0)\($1)\($2)" }
      b.bind(.asyncDigits4, .one, .two, .three, .four) { "bound \($0)\($1)\($2)\($3)" }
      b.bind(.asyncDigits5, .one, .two, .three, .four, .five) { "bound \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.asyncDigits6, .one, .two, .three, .four, .five, .six) { "bound \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.bind(.assistedDigits0) { "bound \($0)" }
      b.bind(.assistedDigits1, .one) { "bound \($0)\($1)" }
      b.bind(.assistedDigits2, .one, .two) { "bound \($0)\($1)\($2)" }
      b.bind(.assistedDigits3, .one, .two, .three) { "bound \($0)\($1)\($2)\($3)" }
      b.bind(.assistedDigits4, .one, .two, .three, .four) { "bound \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.assistedDigits5, .one, .two, .three, .four, .five) { "bound \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.bind(.assistedDigits6, .one, .two, .three, .four, .five, .six) {
        "bound \($0)\($1)\($2)\($3)\($4)\($5)\($6)"
      }
      b.bind(.mainActorAssistedDigits0) { "bound \($0)" }
      b.bind(.mainActorAssistedDigits1, .one) { "bound \($0)\($1)" }
      b.bind(.mainActorAssistedDigits2, .one, .two) { "bound \($0)\($1)\($2)" }
      b.bind(.mainActorAssistedDigits3, .one, .two, .three) { "bound \($0)\($1)\($2)\($3)" }
      b.bind(.mainActorAssistedDigits4, .one, .two, .three, .four) { "bound \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.mainActorAssistedDigits5, .one, .two, .three, .four, .five) {
        "bound \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.bind(.mainActorAssistedDigits6, .one, .two, .three, .four, .five, .six) {
        "bound \($0)\($1)\($2)\($3)\($4)\($5)\($6)"
      }
    }
    #expect(try await preview.digits() == .spelled("bound "))

    let test = try TestGraph { b in
      b.override(.digits0) { "overridden " }
      b.override(.digits1, .one) { "overridden \($0)" }
      b.override(.digits2, .one, .two) { "overridden \($0)\($1)" }
      b.override(.digits3, .one, .two, .three) { "overridden \($0)\($1)\($2)" }
      b.override(.digits4, .one, .two, .three, .four) { "overridden \($0)\($1)\($2)\($3)" }
      b.override(.digits5, .one, .two, .three, .four, .five) { "overridden \($0)\($1)\($2)\($3)\($4)" }
      b.override(.digits6, .one, .two, .three, .four, .five, .six) { "overridden \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.override(.mainActorDigits0) { "overridden " }
      b.override(.mainActorDigits1, .one) { "overridden \($0)" }
      b.override(.mainActorDigits2, .one, .two) { "overridden \($0)\($1)" }
      b.override(.mainActorDigits3, .one, .two, .three) { "overridden \($0)\($1)\($2)" }
      b.override(.mainActorDigits4, .one, .two, .three, .four) { "overridden \($0)\($1)\($2)\($3)" }
      b.override(.mainActorDigits5, .one, .two, .three, .four, .five) { "overridden \($0)\($1)\($2)\($3)\($4)" }
      b.override(.mainActorDigits6, .one, .two, .three, .four, .five, .six) {
        "overridden \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.override(.asyncDigits0) { "overridden " }
      b.override(.asyncDigits1, .one) { "overridden \($0)" }
      b.override(.asyncDigits2, .one, .two) { "overridden \($0)\($1)" }
      b.override(.asyncDigits3, .one, .two, .three) { "overridden \($0)\($1)\($2)" }
      b.override(.asyncDigits4, .one, .two, .three, .four) { "overridden \($0)\($1)\($2)\($3)" }
      b.override(.asyncDigits5, .one, .two, .three, .four, .five) { "overridden \($0)\($1)\($2)\($3)\($4)" }
      b.override(.asyncDigits6, .one, .two, .three, .four, .five, .six) {
        "overridden \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.override(.assistedDigits0) { "overridden \($0)" }
      b.override(.assistedDigits1, .one) { "overridden \($0)\($1)" }
      b.override(.assistedDigits2, .one, .two) { "overridden \($0)\($1)\($2)" }
      b.override(.assistedDigits3, .one, .two, .three) { "overridden \($0)\($1)\($2)\($3)" }
      b.override(.assistedDigits4, .one, .two, .three, .four) { "overridden \($0)\($1)\($2)\($3)\($4)" }
      b.override(.assistedDigits5, .one, .two, .three, .four, .five) { "overridden \($0)\($1)\($2)\($3)\($4)\($5)" }
      b.override(.assistedDigits6, .one, .two, .three, .four, .five, .six) {
        "overridden \($0)\($1)\($2)\($3)\($4)\($5)\($6)"
      }
      b.override(.mainActorAssistedDigits0) { "overridden \($0)" }
      b.override(.mainActorAssistedDigits1, .one) { "overridden \($0)\($1)" }
      b.override(.mainActorAssistedDigits2, .one, .two) { "overridden \($0)\($1)\($2)" }
      b.override(.mainActorAssistedDigits3, .one, .two, .three) { "overridden \($0)\($1)\($2)\($3)" }
      b.override(.mainActorAssistedDigits4, .one, .two, .three, .four) { "overridden \($0)\($1)\($2)\($3)\($4)" }
      b.override(.mainActorAssistedDigits5, .one, .two, .three, .four, .five) {
        "overridden \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.override(.mainActorAssistedDigits6, .one, .two, .three, .four, .five, .six) {
        "overridden \($0)\($1)\($2)\($3)\($4)\($5)\($6)"
      }
    }
    #expect(try await test.graph.digits() == .spelled("overridden "))
  }

  @Test("a preview's overrides bind, and a test graph's override, with a lifetime on the main actor")
  func lifetimesOnTheMainActor() async throws {
    let preview = try Graph.preview { b in
      b.bind(.digits1, .transient, .one) { "transient \($0)" }
      b.bind(.digits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.bind(.digits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.bind(.digits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.bind(.digits5, .transient, .one, .two, .three, .four, .five) { "transient \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.digits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.bind(.mainActorDigits1, .transient, .one) { "transient \($0)" }
      b.bind(.mainActorDigits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.bind(.mainActorDigits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.bind(.mainActorDigits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.bind(.mainActorDigits5, .transient, .one, .two, .three, .four, .five) {
        "transient \($0)\($1)\($2)\($3)\($4)"
      }
      b.bind(.mainActorDigits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.bind(.asyncDigits1, .transient, .one) { "transient \($0)" }
      b.bind(.asyncDigits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.bind(.asyncDigits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.bind(.asyncDigits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.bind(.asyncDigits5, .transient, .one, .two, .three, .four, .five) { "transient \($0)\($1)\($2)\($3)\($4)" }
      b.bind(.asyncDigits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
    }
    var transient = Digits.spelled("transient ", assisted: "")
    (transient.keys[0], transient.mainActorKeys[0], transient.asyncKeys[0]) = ("", "", "")
    #expect(try await preview.digits() == transient)

    let test = try TestGraph { b in
      b.override(.digits1, .transient, .one) { "transient \($0)" }
      b.override(.digits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.override(.digits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.override(.digits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.override(.digits5, .transient, .one, .two, .three, .four, .five) { "transient \($0)\($1)\($2)\($3)\($4)" }
      b.override(.digits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.override(.mainActorDigits1, .transient, .one) { "transient \($0)" }
      b.override(.mainActorDigits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.override(.mainActorDigits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.override(.mainActorDigits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.override(.mainActorDigits5, .transient, .one, .two, .three, .four, .five) {
        "transient \($0)\($1)\($2)\($3)\($4)"
      }
      b.override(.mainActorDigits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
      b.override(.asyncDigits1, .transient, .one) { "transient \($0)" }
      b.override(.asyncDigits2, .transient, .one, .two) { "transient \($0)\($1)" }
      b.override(.asyncDigits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
      b.override(.asyncDigits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
      b.override(.asyncDigits5, .transient, .one, .two, .three, .four, .five) {
        "transient \($0)\($1)\($2)\($3)\($4)"
      }
      b.override(.asyncDigits6, .transient, .one, .two, .three, .four, .five, .six) {
        "transient \($0)\($1)\($2)\($3)\($4)\($5)"
      }
    }
    #expect(try await test.graph.digits() == transient)
  }

  @Test("each key initializer, called in a main-actor function, gets its dependencies in order")
  func keysDeclaredOnTheMainActor() async throws {
    let graph = try Graph(modules: [])
    let keys: [Key<String>] = [
      Key(.singleton) { "" }, Key(.singleton, .one) { "\($0)" }, Key(.singleton, .one, .two) { "\($0)\($1)" },
      Key(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" },
      Key(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" },
      Key(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" },
      Key(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" },
    ]
    let mainActorKeys: [MainActorKey<String>] = [
      MainActorKey(.singleton) { "" }, MainActorKey(.singleton, .one) { "\($0)" },
      MainActorKey(.singleton, .one, .two) { "\($0)\($1)" },
      MainActorKey(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" },
      MainActorKey(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" },
      MainActorKey(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" },
      MainActorKey(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" },
    ]
    let asyncKeys: [AsyncKey<String>] = [
      AsyncKey(.singleton) { "" }, AsyncKey(.singleton, .one) { "\($0)" },
      AsyncKey(.singleton, .one, .two) { "\($0)\($1)" },
      AsyncKey(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" },
      AsyncKey(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" },
      AsyncKey(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" },
      AsyncKey(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" },
    ]
    let assistedKeys: [AssistedKey<String, String>] = [
      AssistedKey { $0 }, AssistedKey(.one) { "\($0)\($1)" }, AssistedKey(.one, .two) { "\($0)\($1)\($2)" },
      AssistedKey(.one, .two, .three) { "\($0)\($1)\($2)\($3)" },
      AssistedKey(.one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)" },
      AssistedKey(.one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)" },
      AssistedKey(.one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" },
    ]
    let mainActorAssistedKeys: [MainActorAssistedKey<String, String>] = [
      MainActorAssistedKey { $0 }, MainActorAssistedKey(.one) { "\($0)\($1)" },
      MainActorAssistedKey(.one, .two) { "\($0)\($1)\($2)" },
      MainActorAssistedKey(.one, .two, .three) { "\($0)\($1)\($2)\($3)" },
      MainActorAssistedKey(.one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)" },
      MainActorAssistedKey(.one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)" },
      MainActorAssistedKey(.one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" },
    ]
    var asyncValues: [String] = []
    for key in asyncKeys { asyncValues.append(try await graph[key]) }
    let resolved = Digits(
      keys: keys.map { graph[$0] }, mainActorKeys: mainActorKeys.map { graph[$0] }, asyncKeys: asyncValues,
      assistedKeys: assistedKeys.map { graph.make($0, "made ") },
      mainActorAssistedKeys: mainActorAssistedKeys.map { graph.make($0, "made ") })
    #expect(resolved == .spelled(""))
  }
}
