import SwellAudio
