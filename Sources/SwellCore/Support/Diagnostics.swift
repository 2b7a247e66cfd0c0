import Foundation

/// Where the engine reports problems it recovers from by itself.
///
/// Core Animation logs and carries on when it is handed something it cannot
/// use — an animation for a key path a layer does not have, a non-finite
/// value — rather than crashing the app. Swell does the same, through this
/// one hook: by default a line on standard error (a path's bytes that are
/// not UTF-8 written `\xFF`); tests install their own handler.
public enum CADiagnostics {
    private static let handler = Locked<@Sendable (String) -> Void>({ message in
        FileHandle.standardError.write(Data("swell: warning: \(message.escapingRawBytes)\n".utf8))
    })

    /// Replaces the handler and returns the previous one.
    @discardableResult
    public static func setHandler(_ newHandler: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        handler.withLock { current in
            let previous = current
            current = newHandler
            return previous
        }
    }

    /// Reports a problem that was recovered from.
    public static func warn(_ message: String) {
        let report = handler.withLock { $0 }
        report(message)
    }
}
