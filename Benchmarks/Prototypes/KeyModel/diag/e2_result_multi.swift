extension Keys {
  static var bad: Key<API> {
    Key(.singleton, .validator) { v in
      let copy = v
      return copy
    }
  }
}
