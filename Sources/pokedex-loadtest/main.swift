import Foundation
import LoadTest

let options: LoadOptions
do {
    options = try LoadOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch .help {
    print(LoadOptions.usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("pokedex-loadtest: \(error)\n".utf8))
    exit(2)
}
exit(await LoadTester.runAndReport(options))
