/// A `beginTime` that means the layer's time 0, not "when the transaction
/// commits": AVFoundation's constant (AVFoundation reference,
/// `AVCoreAnimationBeginTimeAtZero`), for animations laid on a timeline
/// of their own — a video export's, a Lottie composition's
/// (docs/lottie.md#time).
public let AVCoreAnimationBeginTimeAtZero: CFTimeInterval = 1e-100
