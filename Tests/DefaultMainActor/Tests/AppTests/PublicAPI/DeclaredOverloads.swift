import Sheath

// Every fixed-arity overload of the declared-dependency API (scripts/generate-declared.py writes them),
// written as a default-MainActor app writes it: keys in a `nonisolated` extension, modules that bind and
// override them. Each value spells the dependencies it was built from, so a test sees which binding
// ran and that the dependencies came in order: "12" from the key's default, "bound 12" from a module.

nonisolated extension Keys {
  static var one: Key<Int> { Key { 1 } }
  static var two: Key<Int> { Key { 2 } }
  static var three: Key<Int> { Key { 3 } }
  static var four: Key<Int> { Key { 4 } }
  static var five: Key<Int> { Key { 5 } }
  static var six: Key<Int> { Key { 6 } }

  static var digits0: Key<String> { Key(.singleton) { "" } }
  static var digits1: Key<String> { Key(.singleton, .one) { "\($0)" } }
  static var digits2: Key<String> { Key(.singleton, .one, .two) { "\($0)\($1)" } }
  static var digits3: Key<String> { Key(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" } }
  static var digits4: Key<String> { Key(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" } }
  static var digits5: Key<String> {
    Key(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  static var digits6: Key<String> {
    Key(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" }
  }

  static var mainActorDigits0: MainActorKey<String> { MainActorKey(.singleton) { "" } }
  static var mainActorDigits1: MainActorKey<String> { MainActorKey(.singleton, .one) { "\($0)" } }
  static var mainActorDigits2: MainActorKey<String> { MainActorKey(.singleton, .one, .two) { "\($0)\($1)" } }
  static var mainActorDigits3: MainActorKey<String> {
    MainActorKey(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" }
  }
  static var mainActorDigits4: MainActorKey<String> {
    MainActorKey(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" }
  }
  static var mainActorDigits5: MainActorKey<String> {
    MainActorKey(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  static var mainActorDigits6: MainActorKey<String> {
    MainActorKey(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" }
  }

  static var asyncDigits0: AsyncKey<String> { AsyncKey(.singleton) { "" } }
  static var asyncDigits1: AsyncKey<String> { AsyncKey(.singleton, .one) { "\($0)" } }
  static var asyncDigits2: AsyncKey<String> { AsyncKey(.singleton, .one, .two) { "\($0)\($1)" } }
  static var asyncDigits3: AsyncKey<String> { AsyncKey(.singleton, .one, .two, .three) { "\($0)\($1)\($2)" } }
  static var asyncDigits4: AsyncKey<String> {
    AsyncKey(.singleton, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" }
  }
  static var asyncDigits5: AsyncKey<String> {
    AsyncKey(.singleton, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  static var asyncDigits6: AsyncKey<String> {
    AsyncKey(.singleton, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" }
  }

  // The argument comes first, then the dependencies: `make(.assistedDigits2, "made ")` is "made 12".
  static var assistedDigits0: AssistedKey<String, String> { AssistedKey { $0 } }
  static var assistedDigits1: AssistedKey<String, String> { AssistedKey(.one) { "\($0)\($1)" } }
  static var assistedDigits2: AssistedKey<String, String> { AssistedKey(.one, .two) { "\($0)\($1)\($2)" } }
  static var assistedDigits3: AssistedKey<String, String> {
    AssistedKey(.one, .two, .three) { "\($0)\($1)\($2)\($3)" }
  }
  static var assistedDigits4: AssistedKey<String, String> {
    AssistedKey(.one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  static var assistedDigits5: AssistedKey<String, String> {
    AssistedKey(.one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)" }
  }
  static var assistedDigits6: AssistedKey<String, String> {
    AssistedKey(.one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" }
  }

  static var mainActorAssistedDigits0: MainActorAssistedKey<String, String> { MainActorAssistedKey { $0 } }
  static var mainActorAssistedDigits1: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one) { "\($0)\($1)" }
  }
  static var mainActorAssistedDigits2: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one, .two) { "\($0)\($1)\($2)" }
  }
  static var mainActorAssistedDigits3: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one, .two, .three) { "\($0)\($1)\($2)\($3)" }
  }
  static var mainActorAssistedDigits4: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  static var mainActorAssistedDigits5: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)" }
  }
  static var mainActorAssistedDigits6: MainActorAssistedKey<String, String> {
    MainActorAssistedKey(.one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)" }
  }
}

/// Binds every digits key with the overload for its number of dependencies, without a lifetime.
struct BoundDigitsModule: Module {
  func register(into b: inout Bindings) {
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
}

/// Binds the keys that take a lifetime with the overloads that name one: a transient binding of a
/// key whose default is a singleton.
struct TransientDigitsModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.digits0, .transient) { "transient " }
    b.bind(.digits1, .transient, .one) { "transient \($0)" }
    b.bind(.digits2, .transient, .one, .two) { "transient \($0)\($1)" }
    b.bind(.digits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
    b.bind(.digits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
    b.bind(.digits5, .transient, .one, .two, .three, .four, .five) { "transient \($0)\($1)\($2)\($3)\($4)" }
    b.bind(.digits6, .transient, .one, .two, .three, .four, .five, .six) {
      "transient \($0)\($1)\($2)\($3)\($4)\($5)"
    }

    b.bind(.mainActorDigits0, .transient) { "transient " }
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

    b.bind(.asyncDigits0, .transient) { "transient " }
    b.bind(.asyncDigits1, .transient, .one) { "transient \($0)" }
    b.bind(.asyncDigits2, .transient, .one, .two) { "transient \($0)\($1)" }
    b.bind(.asyncDigits3, .transient, .one, .two, .three) { "transient \($0)\($1)\($2)" }
    b.bind(.asyncDigits4, .transient, .one, .two, .three, .four) { "transient \($0)\($1)\($2)\($3)" }
    b.bind(.asyncDigits5, .transient, .one, .two, .three, .four, .five) { "transient \($0)\($1)\($2)\($3)\($4)" }
    b.bind(.asyncDigits6, .transient, .one, .two, .three, .four, .five, .six) {
      "transient \($0)\($1)\($2)\($3)\($4)\($5)"
    }
  }
}

nonisolated extension Keys {
  /// A key every decorator overload wraps, a collection and a dictionary every contribution overload
  /// adds to.
  static var decoratedDigits: Key<String> { Key { "" } }
  static var collectedDigits: CollectionKey<String> { CollectionKey() }
  static var mappedDigits: MapKey<Int, String> { MapKey() }
}

/// Decorates and contributes with the overload for each number of dependencies.
nonisolated func declareDecoratorsAndContributions(_ b: inout Bindings) {
  b.decorate(.decoratedDigits) { $0 + "|" }
  b.decorate(.decoratedDigits, .one) { "\($0)\($1)|" }
  b.decorate(.decoratedDigits, .one, .two) { "\($0)\($1)\($2)|" }
  b.decorate(.decoratedDigits, .one, .two, .three) { "\($0)\($1)\($2)\($3)|" }
  b.decorate(.decoratedDigits, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)\($4)|" }
  b.decorate(.decoratedDigits, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)\($5)|" }
  b.decorate(.decoratedDigits, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)|" }

  b.contribute(to: .collectedDigits) { "" }
  b.contribute(to: .collectedDigits, .one) { "\($0)" }
  b.contribute(to: .collectedDigits, .one, .two) { "\($0)\($1)" }
  b.contribute(to: .collectedDigits, .one, .two, .three) { "\($0)\($1)\($2)" }
  b.contribute(to: .collectedDigits, .one, .two, .three, .four) { "\($0)\($1)\($2)\($3)" }
  b.contribute(to: .collectedDigits, .one, .two, .three, .four, .five) { "\($0)\($1)\($2)\($3)\($4)" }
  b.contribute(to: .collectedDigits, .one, .two, .three, .four, .five, .six) { "\($0)\($1)\($2)\($3)\($4)\($5)" }

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

/// The decorators and contributions above, as a module.
struct DecoratorsAndContributionsModule: Module {
  func register(into b: inout Bindings) {
    declareDecoratorsAndContributions(&b)
  }
}

/// What the decorators and contributions above make.
nonisolated let decoratedAndContributed = (
  decorated: "|1|12|123|1234|12345|123456|",
  collected: ["", "1", "12", "123", "1234", "12345", "123456"],
  mapped: [0: "", 1: "1", 2: "12", 3: "123", 4: "1234", 5: "12345", 6: "123456"]
)
