import Synchronization

/// Hands out process-unique layer identities. Render snapshots refer to
/// layers by serial rather than by object identity, because the address of
/// a freed layer can be reused by a new one.
enum LayerSerial {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
