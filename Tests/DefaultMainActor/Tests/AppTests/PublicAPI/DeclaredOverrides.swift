import Sheath

// The overrides of DeclaredOverloads.swift's keys, in modules: what a module that replaces a layer for
// `--mock` or for a test writes.

/// Overrides every digits key with the overload for its number of dependencies, without a lifetime.
struct OverriddenDigitsModule: Module {
  func register(into b: inout Bindings) {
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
    b.override(.asyncDigits6, .one, .two, .three, .four, .five, .six) { "overridden \($0)\($1)\($2)\($3)\($4)\($5)" }

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
}

/// Overrides the keys that take a lifetime with the overloads that name one.
struct TransientOverridesModule: Module {
  func register(into b: inout Bindings) {
    b.override(.digits0, .transient) { "transient override " }
    b.override(.digits1, .transient, .one) { "transient override \($0)" }
    b.override(.digits2, .transient, .one, .two) { "transient override \($0)\($1)" }
    b.override(.digits3, .transient, .one, .two, .three) { "transient override \($0)\($1)\($2)" }
    b.override(.digits4, .transient, .one, .two, .three, .four) { "transient override \($0)\($1)\($2)\($3)" }
    b.override(.digits5, .transient, .one, .two, .three, .four, .five) {
      "transient override \($0)\($1)\($2)\($3)\($4)"
    }
    b.override(.digits6, .transient, .one, .two, .three, .four, .five, .six) {
      "transient override \($0)\($1)\($2)\($3)\($4)\($5)"
    }

    b.override(.mainActorDigits0, .transient) { "transient override " }
    b.override(.mainActorDigits1, .transient, .one) { "transient override \($0)" }
    b.override(.mainActorDigits2, .transient, .one, .two) { "transient override \($0)\($1)" }
    b.override(.mainActorDigits3, .transient, .one, .two, .three) { "transient override \($0)\($1)\($2)" }
    b.override(.mainActorDigits4, .transient, .one, .two, .three, .four) { "transient override \($0)\($1)\($2)\($3)" }
    b.override(.mainActorDigits5, .transient, .one, .two, .three, .four, .five) {
      "transient override \($0)\($1)\($2)\($3)\($4)"
    }
    b.override(.mainActorDigits6, .transient, .one, .two, .three, .four, .five, .six) {
      "transient override \($0)\($1)\($2)\($3)\($4)\($5)"
    }

    b.override(.asyncDigits0, .transient) { "transient override " }
    b.override(.asyncDigits1, .transient, .one) { "transient override \($0)" }
    b.override(.asyncDigits2, .transient, .one, .two) { "transient override \($0)\($1)" }
    b.override(.asyncDigits3, .transient, .one, .two, .three) { "transient override \($0)\($1)\($2)" }
    b.override(.asyncDigits4, .transient, .one, .two, .three, .four) { "transient override \($0)\($1)\($2)\($3)" }
    b.override(.asyncDigits5, .transient, .one, .two, .three, .four, .five) {
      "transient override \($0)\($1)\($2)\($3)\($4)"
    }
    b.override(.asyncDigits6, .transient, .one, .two, .three, .four, .five, .six) {
      "transient override \($0)\($1)\($2)\($3)\($4)\($5)"
    }
  }
}
