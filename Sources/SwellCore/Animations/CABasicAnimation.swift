/// An animation between two values of a property.
///
/// The ends come from `fromValue`, `toValue` and `byValue` by Apple's rules
/// ("Setting Interpolation Values" in the CABasicAnimation reference); a
/// missing end is the property's model value, read live while the animation
/// runs:
///
/// | non-nil        | interpolates between                      |
/// |----------------|-------------------------------------------|
/// | from, to       | `fromValue` and `toValue`                 |
/// | from, by       | `fromValue` and `fromValue + byValue`     |
/// | by, to         | `toValue − byValue` and `toValue`         |
/// | from           | `fromValue` and the model value           |
/// | to             | the model value and `toValue`             |
/// | by             | the model value and model + `byValue`     |
/// | none           | the previous and the current model value  |
///
/// All three set is not one of Apple's combinations; `byValue` is then
/// ignored, with a warning.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public required init() {
        super.init()
    }

    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let other = animation as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    override func makeContribution<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> Effect<Value> {
        let (from, to) = try endpoints(for: type, previousValue: previousValue)
        return .curve(.basic(BasicCurve(from: from, to: to)), isAdditive: isAdditive, isCumulative: isCumulative)
    }

    /// The two ends, by the table above.
    func endpoints<Value: Animatable>(for type: Value.Type, previousValue: Value?) throws -> (Endpoint<Value>, Endpoint<Value>) {
        let from = try fromValue.map { try convert($0, to: type, named: "fromValue") }
        let to = try toValue.map { try convert($0, to: type, named: "toValue") }
        let by = try byValue.map { try convert($0, to: type, named: "byValue") }
        switch (from, to, by) {
        case let (from?, to?, by):
            if by != nil { CADiagnostics.warn("'\(keyPath ?? "")': fromValue, toValue and byValue all set; byValue ignored") }
            return (.value(from), .value(to))
        case let (from?, nil, by?): return (.value(from), .value(from.adding(by)))
        case let (nil, to?, by?): return (.value(to.subtracting(by)), .value(to))
        case let (from?, nil, nil): return (.value(from), .model)
        case let (nil, to?, nil): return (.model, .value(to))
        case let (nil, nil, by?): return (.model, .modelAdding(by))
        case (nil, nil, nil): return (previousValue.map { .value($0) } ?? .model, .model)
        }
    }
}
