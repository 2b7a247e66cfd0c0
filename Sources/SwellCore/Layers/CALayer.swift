import Foundation

/// An object that manages timed, animatable state in a tree — Core
/// Animation's layer.
///
/// A layer holds *model* values: what you set is what you read back at once
/// (the model layer tree of Apple's Core Animation Programming Guide). A
/// render host — a headless context, an audio engine — receives the model
/// tree when a ``CATransaction`` commits, together with the layer's
/// animations, and ``presentation()`` returns a copy of the layer showing the
/// values those animations produce *now* on the host's clock.
///
/// Properties are declared with ``Dynamic`` (Swift's `@dynamic`): CALayer's
/// own geometry and appearance properties are, and so are a subclass's custom
/// properties such as `ClockFace.time` or `AudioLayer.volume` of objc.io's
/// "Animating Custom Layer Properties". Setting one runs the action search
/// (``action(forKey:)``) and, when the layer is in a hosted tree, usually an
/// implicit animation.
///
/// Layers belong to the thread that owns them: mutate a tree from one thread
/// only. Render hosts read committed snapshots, never the layers.
open class CALayer: CAMediaTiming, DynamicPropertyOwner {
    // MARK: Storage

    /// Explicitly set model values by key. Unset properties read their default.
    var values: [String: any Animatable] = [:]
    /// Keys added at run time through `setValue(_:forKey:)` without a
    /// ``Dynamic`` declaration, with their defaults.
    var undeclaredDefaults: [String: any Animatable] = [:]
    /// The layer's own CAMediaTiming.
    var layerTiming = MediaTiming()
    /// Animations by key, in the order they were added.
    var animationEntries: [(key: String, animation: CAAnimation)] = []
    var anonymousAnimationCount = 0

    weak var storedSuperlayer: CALayer?
    /// The layer whose mask this layer is.
    weak var maskOwner: CALayer?
    var storedSublayers: [CALayer]?
    /// Set on a tree's root by the host that renders it.
    weak var hostingContext: RenderHost?
    /// For a presentation copy, the model layer it presents.
    private(set) weak var modelLayer: CALayer?
    private(set) var isPresentationCopy = false

    var needsDisplayFlag = false
    var needsLayoutFlag = false
    /// The layer's part of the last snapshot, reused until the layer changes.
    var cachedRecord: LayerRecord?
    /// A process-unique identity, by which render snapshots refer to the
    /// layer (object addresses are reused, serials are not).
    public let serial = LayerSerial.next()

    // MARK: Animatable properties (defaults from Apple's CALayer reference)

    /// The layer's bounds rectangle in its own coordinate space.
    @Dynamic("bounds", .implicit) public var bounds: CGRect = .zero
    /// The position of the anchor point in the superlayer's coordinate space.
    @Dynamic("position", .implicit) public var position: CGPoint = .zero
    /// The layer's position on the z axis.
    @Dynamic("zPosition", .implicit) public var zPosition: CGFloat = 0
    /// The point, in unit coordinates of the bounds, that `position` places
    /// and that transforms pivot around.
    @Dynamic("anchorPoint", .implicit) public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor point's z coordinate.
    @Dynamic("anchorPointZ", .implicit) public var anchorPointZ: CGFloat = 0
    /// The transform applied to the layer, relative to its anchor point.
    @Dynamic("transform", .implicit) public var transform: CATransform3D = CATransform3DIdentity
    /// The transform applied to the sublayers, relative to the anchor point.
    @Dynamic("sublayerTransform", .implicit) public var sublayerTransform: CATransform3D = CATransform3DIdentity
    /// The layer's opacity, 0…1.
    @Dynamic("opacity", .implicit) public var opacity: Float = 1
    /// Whether the layer is hidden.
    @Dynamic("hidden", .implicit) public var isHidden = false
    /// The background colour.
    @Dynamic("backgroundColor", .implicit) public var backgroundColor: CGColor? = nil
    /// The radius of the rounded corners.
    @Dynamic("cornerRadius", .implicit) public var cornerRadius: CGFloat = 0
    /// The width of the border.
    @Dynamic("borderWidth", .implicit) public var borderWidth: CGFloat = 0
    /// The colour of the border.
    @Dynamic("borderColor", .implicit) public var borderColor: CGColor? = CGColor.black
    /// The colour of the shadow.
    @Dynamic("shadowColor", .implicit) public var shadowColor: CGColor? = CGColor.black
    /// The opacity of the shadow, 0…1.
    @Dynamic("shadowOpacity", .implicit) public var shadowOpacity: Float = 0
    /// The offset of the shadow.
    @Dynamic("shadowOffset", .implicit) public var shadowOffset = CGSize(width: 0, height: -3)
    /// The blur radius of the shadow.
    @Dynamic("shadowRadius", .implicit) public var shadowRadius: CGFloat = 3
    /// The shape of the shadow (nil: the layer's alpha). The layer keeps a
    /// copy of the path's elements, as Core Animation copies the path it is
    /// given (see ``PathValue``): changing a `CGMutablePath` after setting
    /// it leaves the shadow as it was.
    public var shadowPath: CGPath? {
        get { shadowPathValue.map(CGPath.init) }
        set { shadowPathValue = newValue?.value }
    }
    @Dynamic("shadowPath", .implicit) var shadowPathValue: PathValue? = nil
    /// Whether sublayers are clipped to the bounds.
    @Dynamic("masksToBounds", .implicit) public var masksToBounds = false
    /// Whether the back of the layer is drawn when it faces away.
    @Dynamic("doubleSided", .implicit) public var isDoubleSided = true
    /// The part of the contents shown, in unit coordinates.
    @Dynamic("contentsRect", .implicit) public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The stretchable centre of the contents, in unit coordinates.
    @Dynamic("contentsCenter", .implicit) public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The scale of the contents (pixels per point).
    @Dynamic("contentsScale") public var contentsScale: CGFloat = 1

    // MARK: Non-animatable properties

    /// A name for the layer, used in diagnostics and scripts.
    open var name: String?
    /// The object that provides actions, display and layout for the layer.
    open weak var delegate: CALayerDelegate?
    /// Actions by event key, searched after the delegate.
    open var actions: [String: any CAAction]?
    /// Defaults for properties and actions not set on the layer: an
    /// `"actions"` dictionary, and a nested `"style"` dictionary searched next.
    open var style: [AnyHashable: Any]?
    /// The layer's content: a ``CGImage``, or the ``CGContext`` recording
    /// that the default ``display()`` keeps. Render hosts receive it as
    /// ``LayerContents`` with each commit; other values are kept but not
    /// drawn. Setting it publishes the change (no implicit animation:
    /// Core Animation's crossfade of contents is a ``CATransition``'s
    /// `fade`).
    open var contents: Any? {
        didSet { setNeedsCommit() }
    }
    /// Whether `display()` is requested whenever `bounds` changes.
    @Dynamic("needsDisplayOnBoundsChange", .none) public var needsDisplayOnBoundsChange = false
    /// Whether drawing happens asynchronously (a hint; Swell draws in order).
    @Dynamic("drawsAsynchronously", .none) public var drawsAsynchronously = false

    // MARK: Drawing state
    //
    // Not animatable in Core Animation (apart from `minificationFilterBias`);
    // declared with `@Dynamic` so render hosts receive them with every
    // commit, `presentation()` copies them, and key-value coding reaches
    // them. Apple's defaults; docs/layers.md says how each is drawn.

    /// How contents are placed in the bounds; `.resize` by default. See
    /// ``CALayerContentsGravity/rect(forContentsOfSize:in:)``.
    @Dynamic("contentsGravity") public var contentsGravity: CALayerContentsGravity = .resize
    /// The filters used when contents are scaled down and up.
    @Dynamic("minificationFilter") public var minificationFilter: CALayerContentsFilter = .linear
    @Dynamic("magnificationFilter") public var magnificationFilter: CALayerContentsFilter = .linear
    /// The bias of the level of detail `.trilinear` minification picks.
    @Dynamic("minificationFilterBias") public var minificationFilterBias: Float = 0
    /// Whether the layer's content is fully opaque (a drawing hint).
    @Dynamic("opaque") public var isOpaque = false
    /// Whether the layer is rendered as a bitmap before compositing, at
    /// `rasterizationScale` pixels per point.
    @Dynamic("shouldRasterize") public var shouldRasterize = false
    @Dynamic("rasterizationScale") public var rasterizationScale: CGFloat = 1
    /// Which corners `cornerRadius` rounds; all four by default.
    @Dynamic("maskedCorners") public var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// Which edges are antialiased when `allowsEdgeAntialiasing` is set.
    @Dynamic("edgeAntialiasingMask") public var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    /// Whether the edges in `edgeAntialiasingMask` are antialiased.
    @Dynamic("allowsEdgeAntialiasing") public var allowsEdgeAntialiasing = false
    /// Whether `opacity` applies to the layer and its sublayers as one
    /// group (composited once) rather than to each layer on its own.
    @Dynamic("allowsGroupOpacity") public var allowsGroupOpacity = true
    /// The curve of rounded corners: `.circular` arcs, or `.continuous`
    /// (curvature without a jump where the arc meets the edge).
    @Dynamic("cornerCurve") public var cornerCurve: CALayerCornerCurve = .circular
    /// Whether the layer's geometry is flipped relative to its superlayer's:
    /// its sublayers' y axis runs the other way.
    @Dynamic("geometryFlipped") public var isGeometryFlipped = false
    /// The pixel format of the contents a host should allocate.
    @Dynamic("contentsFormat") public var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    /// What of the `mask` decides how much shows: its alpha (Core
    /// Animation's masking, the default) or its luminance — a Swell
    /// extension, CSS Masking's `mask-mode` (``CALayerMaskMode``).
    @Dynamic(CALayerMaskMode.layerKey) public var maskMode: CALayerMaskMode = .alpha

    // MARK: Other properties

    /// The filters of the sound of the layer and its sublayers, in order:
    /// each a named biquad whose parameters are layer properties at
    /// `filters.NAME.KEY` (docs/filters.md). A sound group's — an audio
    /// layer's, a bus's — are heard; others have no sound to filter.
    open var filters: [LayerFilter]? {
        didSet { adoptFilters(replacing: oldValue ?? []) }
    }
    /// Filters for what is behind the layer (kept for hosts that render
    /// them).
    open var backgroundFilters: [Any]?
    /// How the layer and its sublayers are composited with what is beneath
    /// them: nil, or a Core Image blend filter's name such as
    /// `"multiplyBlendMode"` (``CACompositingFilter``), which reads back as
    /// the string set. A name Swell does not know is kept and drawn
    /// normally; a value that is not a name is refused with a warning, as
    /// key-value coding refuses one (docs/render.md#blending).
    open var compositingFilter: Any? {
        get { compositingFilterName?.rawValue }
        set { storeValue(newValue, forKey: CACompositingFilter.layerKey) }
    }
    @Dynamic(CACompositingFilter.layerKey, .none) var compositingFilterName: CACompositingFilter? = nil
    /// The layer that masks this one, by its alpha.
    open var mask: CALayer? {
        didSet {
            oldValue?.maskOwner = nil
            mask?.removeFromSuperlayer()
            mask?.maskOwner = self
            markTreeChanged()
        }
    }

    // MARK: Initialisers

    public init() {}

    /// Makes a copy of `layer` — QuartzCore calls this to create presentation
    /// layers, and subclasses override it to copy their own stored
    /// properties (calling super). The copy keeps the subclass; it has no
    /// superlayer, sublayers or animations.
    ///
    /// Swell also calls it with a plain `CALayer` to make a prototype of a
    /// class, whose declarations the property table reads: a subclass
    /// copies its own properties only from a layer of its class (`if let
    /// other = layer as? Self`), as Apple's examples do.
    public required init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        values = other.values
        undeclaredDefaults = other.undeclaredDefaults
        layerTiming = other.layerTiming
        name = other.name
        delegate = other.delegate
        actions = other.actions
        style = other.style
        contents = other.contents
        filters = other.filters
        backgroundFilters = other.backgroundFilters
    }

    // MARK: Overridable behaviour
    //
    // Swift cannot override methods declared in extensions, so the methods a
    // subclass may override are declared here and forward to the
    // implementations in the extensions.

    /// The action for `event`: the delegate, the ``actions`` and ``style``
    /// dictionaries, ``defaultAction(forKey:)`` and the built-in implicit
    /// animation, searched in that order (see `searchAction(forKey:)`).
    /// Subclasses override this to supply actions for their own properties —
    /// the ClockFace example of objc.io's Core Animation articles returns a
    /// basic animation from the presentation value.
    open func action(forKey event: String) -> (any CAAction)? {
        searchAction(forKey: event)
    }

    /// The class's default action for `event`; nil by default.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    /// How properties the layer is given by key-value coding without a
    /// declaration animate: `.explicit`, as custom keys do in Core
    /// Animation; a subclass may make them animate implicitly.
    open class var undeclaredPropertyAnimation: PropertyAnimation {
        .explicit
    }

    /// The properties of the class that are neither ``Dynamic`` nor timing
    /// keys, for its property table (``CALayer/propertyTable``):
    /// `contents`, `frame`, and a subclass's own, such as a text layer's
    /// `string` and `font`.
    class var objectProperties: [LayerProperty] {
        [LayerProperty.contents, LayerProperty.frame]
    }

    /// Adds a copy of `anim` under `key` (see `addAnimationCopy(_:forKey:)`
    /// for the rules). Override to observe additions, calling super — the
    /// inspection layer of objc.io's "View-Layer Synergy" does.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        addAnimationCopy(anim, forKey: key)
    }

    /// The value for a key: a property, a timing property, `name` or
    /// `contents`; nil for an unknown key.
    open func value(forKey key: String) -> Any? {
        storedValue(forKey: key)
    }

    /// Sets the value for a key, converting numbers to the property's type.
    /// An undeclared key becomes a new dynamic property of the value's type,
    /// animatable like a declared one (QuartzCore layers accept any key).
    open func setValue(_ value: Any?, forKey key: String) {
        storeValue(value, forKey: key)
    }

    /// The value at a key path, including struct fields such as
    /// `"position.x"` and `"transform.rotation.z"`.
    open func value(forKeyPath keyPath: String) -> Any? {
        storedValue(forKeyPath: keyPath)
    }

    /// Sets the value at a key path; a field is written into the property's
    /// model value, and the property changes as a whole, with its action.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        storeValue(value, forKeyPath: keyPath)
    }

    /// The default value of a property, as `+[CALayer defaultValueForKey:]`:
    /// the default written in its ``Dynamic`` declaration. Subclasses may
    /// override to supply others.
    open class func defaultValue(forKey key: String) -> Any? {
        LayerPropertyTable.declaredProperties(of: self)[key]?.defaultValue
    }

    /// Whether changing `key` requires the layer to be redisplayed. While an
    /// animation of such a key runs, the host's display link calls
    /// ``display()`` every frame. What the property's declaration says
    /// (`@Dynamic("time", display: true)`): false for CALayer's own
    /// properties. Subclasses may override it, as objc.io's ClockFace does.
    open class func needsDisplay(forKey key: String) -> Bool {
        LayerPropertyTable.declaredProperties(of: self)[key]?.declaration.needsDisplay ?? false
    }

    /// Whether the value for `key` is archived; true for every key.
    open func shouldArchiveValue(forKey key: String) -> Bool {
        true
    }

    /// Updates the layer's content. The default asks the delegate's
    /// ``CALayerDelegate/display(_:)``, or draws: makes a ``CGContext`` the
    /// size of the bounds, calls ``draw(in:)`` and stores the drawing in
    /// ``contents``. Subclasses override it to present anything — objc.io's
    /// `AudioLayer` sets the player's volume from `presentation().volume`.
    open func display() {
        if let delegate { delegate.display(self) } else { displayByDrawing() }
    }

    /// Draws the layer's content; the default asks the delegate.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Lays out the sublayers; the default asks the delegate.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// The layer's preferred size: its bounds' size by default.
    open func preferredFrameSize() -> CGSize {
        bounds.size
    }

    /// The farthest descendant (or the layer itself) containing `p`, a point
    /// in the superlayer's coordinate space; hidden layers are skipped (see
    /// `hitTestSubtree(_:)`).
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hitTestSubtree(p)
    }

    /// Whether `p`, in the layer's own coordinate space, is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool {
        bounds.contains(p)
    }

    /// State a subclass publishes to render hosts with every commit, beside
    /// its animatable properties: an immutable value, such as an audio
    /// layer's source and playback state. Nil by default. A subclass that
    /// changes this state calls ``CALayer/setNeedsCommit()``.
    open var renderState: (any Sendable)? {
        nil
    }

    // MARK: Model and presentation

    /// The model layer: `self` for a model layer, the layer it presents for a
    /// presentation copy.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// A copy of the layer as it is presented now: its committed model values
    /// with its committed animations evaluated at the host clock's current
    /// time. Nil when the layer is not in a tree hosted by a render host, or
    /// its tree has not been committed yet (QuartzCore returns nil for a layer
    /// that was never committed to the render tree).
    public func presentation() -> Self? {
        if isPresentationCopy { return self }
        guard let host = renderHost, let state = host.presentedState(of: self) else { return nil }
        let copy = type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayer = self
        copy.values = state.values
        copy.layerTiming = state.timing
        return copy
    }

    // MARK: Model storage

    /// The model value for `key`, or its default.
    ///
    /// The stored values are unwrapped before the cast: `nil as? Value`
    /// succeeds when `Value` is optional, and would read an unset
    /// `borderColor` as nil instead of its default.
    func modelValue<Value: Animatable>(forKey key: String, default fallback: Value) -> Value {
        storedModelValue(forKey: key) ?? fallback
    }

    /// The explicitly set value of `key`, or its default, as `Value`.
    private func storedModelValue<Value: Animatable>(forKey key: String) -> Value? {
        (values[key] ?? defaultValue(forProperty: key)).flatMap { $0 as? Value }
    }

    public func dynamicValue<Value: Animatable>(forKey key: String, default fallback: Value) -> Value {
        modelValue(forKey: key, default: fallback)
    }

    public func setDynamicValue<Value: Animatable>(_ value: Value, forKey key: String) {
        setModelValue(value, forKey: key)
    }

    /// The default of a declared or undeclared property.
    func defaultValue(forProperty key: String) -> (any Animatable)? {
        LayerPropertyTable.effectiveDefaults(of: type(of: self), instance: self)[key] ?? undeclaredDefaults[key]
    }

    /// Stores a model value the way a property setter does in QuartzCore:
    /// refuses non-finite values; does nothing when the value does not
    /// change; otherwise looks up the action for the key *before* storing
    /// (unless the transaction disables actions or the layer is not in a
    /// hosted tree), stores the value in the current transaction, requests
    /// display when ``needsDisplay(forKey:)`` says so, and runs the action.
    func setModelValue<Value: Animatable>(_ newValue: Value, forKey key: String) {
        guard newValue.isFinite else {
            CADiagnostics.warn("\(self.debugName): ignored non-finite value \(newValue) for '\(key)'")
            return
        }
        if isPresentationCopy {
            values[key] = newValue
            return
        }
        let oldValue: Value? = storedModelValue(forKey: key)
        if oldValue == newValue { return }
        let transaction = CATransaction.currentForChange()
        let action = transaction.actionsDisabled || renderHost == nil ? nil : self.action(forKey: key)
        values[key] = newValue
        transaction.noteChange(of: self)
        if type(of: self).needsDisplay(forKey: key) || (key == "bounds" && needsDisplayOnBoundsChange) {
            setNeedsDisplay()
        }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    // MARK: Layer tree

    /// The layer's parent.
    public var superlayer: CALayer? {
        isPresentationCopy ? modelLayer?.superlayer?.presentation() : storedSuperlayer
    }

    /// The layer's children, back to front. Setting it replaces them all.
    open var sublayers: [CALayer]? {
        get { storedSublayers }
        set {
            for layer in storedSublayers ?? [] { layer.detach(announce: true) }
            storedSublayers = nil
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(storedSublayers?.count ?? 0)) }
        }
    }

    /// Appends `layer` to the sublayers, removing it from its old parent.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(storedSublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` of the sublayers.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        precondition(!isPresentationCopy, "presentation layers cannot be modified")
        var ancestor: CALayer? = self
        while let current = ancestor {
            precondition(current !== layer, "inserting a layer below itself would make a cycle")
            ancestor = current.storedSuperlayer
        }
        layer.detach(announce: false)
        // Take the array out so inserting does not copy it.
        var children = storedSublayers ?? []
        storedSublayers = nil
        children.insert(layer, at: min(Int(index), children.count))
        storedSublayers = children
        layer.storedSuperlayer = self
        markTreeChanged()
        if layer.renderHost != nil && !CATransaction.currentForChange().actionsDisabled {
            layer.action(forKey: kCAOnOrderIn)?.run(forKey: kCAOnOrderIn, object: layer, arguments: nil)
        }
    }

    /// Inserts `layer` just below `sibling` (or at the back when nil).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in storedSublayers?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling` (or at the front when nil).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let count = storedSublayers?.count ?? 0
        let index = sibling.flatMap { s in storedSublayers?.firstIndex { $0 === s }.map { $0 + 1 } } ?? count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = storedSublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() {
        detach(announce: true)
    }

    private func detach(announce: Bool) {
        if let owner = maskOwner {
            owner.mask = nil
            return
        }
        guard let parent = storedSuperlayer else { return }
        if announce && renderHost != nil && !CATransaction.currentForChange().actionsDisabled {
            action(forKey: kCAOnOrderOut)?.run(forKey: kCAOnOrderOut, object: self, arguments: nil)
        }
        parent.markTreeChanged()
        parent.storedSublayers?.removeAll { $0 === self }
        if parent.storedSublayers?.isEmpty == true { parent.storedSublayers = nil }
        storedSuperlayer = nil
    }

    /// Records a structural change (sublayers, mask) in the current transaction.
    func markTreeChanged() {
        guard !isPresentationCopy else { return }
        CATransaction.currentForChange().noteChange(of: self)
    }

    /// The render host of the tree the layer is in; nil when the tree is not
    /// hosted (then the layer has no presentation and no implicit animations).
    public var renderHost: RenderHost? {
        var layer: CALayer = self
        while true {
            if let host = layer.hostingContext { return host }
            if let parent = layer.storedSuperlayer ?? layer.maskOwner { layer = parent } else { return nil }
        }
    }

    /// The layers of the subtree rooted here, parents before children, masks
    /// after their owners.
    package func forEachInTree(_ body: (CALayer) -> Void) {
        body(self)
        mask?.forEachInTree(body)
        for child in storedSublayers ?? [] { child.forEachInTree(body) }
    }

    var debugName: String {
        name.map { "layer '\($0)'" } ?? "\(type(of: self))"
    }
}
