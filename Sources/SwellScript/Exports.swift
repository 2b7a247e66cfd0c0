// Scripts describe Core Animation layer trees; importing SwellScript imports SwellCore.
@_exported import SwellCore
