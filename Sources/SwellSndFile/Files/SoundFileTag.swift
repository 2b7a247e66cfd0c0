import CSndFile

/// A text tag of a sound file — title, artist, album, date, comment and the
/// others libsndfile knows (`sf_get_string`/`sf_set_string`): the RIFF
/// `INFO` list of a WAV, Vorbis comments of FLAC and Ogg, and so on.
///
/// A render copies the input's tags to the output, as SoX and FFmpeg copy
/// them; a container without a place for one keeps the others.
public enum SoundFileTag: CaseIterable, Hashable, Sendable {
    case title, copyright, software, artist, comment, date, album, license, trackNumber, genre

    /// libsndfile's `SF_STR_…` number.
    var stringType: Int32 {
        switch self {
        case .title: Int32(SF_STR_TITLE)
        case .copyright: Int32(SF_STR_COPYRIGHT)
        case .software: Int32(SF_STR_SOFTWARE)
        case .artist: Int32(SF_STR_ARTIST)
        case .comment: Int32(SF_STR_COMMENT)
        case .date: Int32(SF_STR_DATE)
        case .album: Int32(SF_STR_ALBUM)
        case .license: Int32(SF_STR_LICENSE)
        case .trackNumber: Int32(SF_STR_TRACKNUMBER)
        case .genre: Int32(SF_STR_GENRE)
        }
    }

    /// The tags of the open file `handle`.
    static func tags(of handle: OpaquePointer) -> [SoundFileTag: String] {
        var tags: [SoundFileTag: String] = [:]
        for tag in allCases {
            if let text = sf_get_string(handle, tag.stringType), text.pointee != 0 { tags[tag] = String(cString: text) }
        }
        return tags
    }
}
