/// The byte length of every line of a text, splitting at LF, CR LF and
/// lone CR: where a located message's line and column may point.
public func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths = [0]
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\r"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            lengths.append(0)
        case UInt8(ascii: "\n"):
            lengths.append(0)
        default:
            lengths[lengths.count - 1] += 1
        }
        index += 1
    }
    return lengths
}
