// `Property` and `MutableProperty` as property wrappers, as in ReactiveSwift 6.3 and later:
//
//     struct Settings {
//         @MutableProperty var volume = 5
//     }
//     settings.volume = 7              // sets `$volume.value`
//     settings.$volume.producer        // the property itself
//
// The wrappers are classes, so the wrapped property is stored by reference: setting it
// through a `let` struct works, and every copy of the struct shares the property.

extension MutableProperty {
    /// Creates a mutable property with `wrappedValue` as its first value: the initialiser
    /// behind `@MutableProperty var name = value`.
    ///
    /// - Parameter wrappedValue: The first value.
    public convenience init(wrappedValue: Value) {
        self.init(wrappedValue)
    }
}
