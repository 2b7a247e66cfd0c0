// A session plays scripts on the engine, from files, on a sound card:
// importing SwellSession imports SwellScript, SwellSndFile and SwellALSA
// (and with them SwellAudio and SwellCore).
@_exported import SwellALSA
@_exported import SwellScript
@_exported import SwellSndFile
