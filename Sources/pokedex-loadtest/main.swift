import Foundation
import LoadTest

exit(await LoadTester.runAndReport(LoadOptions.parseOrExit()))
