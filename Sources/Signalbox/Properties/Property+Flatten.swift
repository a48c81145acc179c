extension PropertyProtocol where Value: PropertyProtocol {
    /// Derives a property holding the value of the inner property, switching inner
    /// properties with `strategy`; the same as `flatMap(strategy) { $0 }`, whose contract
    /// it follows.
    ///
    /// - Parameter strategy: How to combine the inner properties (usually `.latest`).
    /// - Returns: The derived property.
    public func flatten(_ strategy: FlattenStrategy) -> Property<Value.Value> {
        flatMap(strategy) { $0 }
    }
}
