@testable import MeshpadCore
import Testing

/// A database address is shown with its password masked, however it was written.
@Suite struct DatabaseAddressTests {
    @Test(arguments: [
        ("postgresql://ann:s3cret@school.lan:5433/maps?sslmode=require", "postgresql://ann:***@school.lan:5433/maps?sslmode=require"),
        ("postgres://ann@school.lan/maps", "postgres://ann@school.lan/maps"),
        ("postgresql://ann:p%40ss@host/db", "postgresql://ann:***@host/db"),
        ("postgresql://host/db?user=ann&password=s3cret&sslmode=verify-full", "postgresql://host/db?user=ann&password=***&sslmode=verify-full"),
        ("host=school dbname=maps user=ann password=s3cret", "host=school dbname=maps user=ann password=***"),
        ("host=school password = 'two words' dbname=maps", "host=school password = *** dbname=maps"),
        ("host=school dbname=maps", "host=school dbname=maps"),
    ])
    func thePasswordIsNeverShown(given: String, shown: String) {
        #expect(DatabaseAddress(given).description == shown)
    }

    @Test func aServersWordsLoseThePasswordToo() {
        let address = DatabaseAddress("postgresql://ann:p%40ss@host/db")
        #expect(address.scrub("bad password p@ss for ann") == "bad password *** for ann")
        let keyword = DatabaseAddress("host=h password='two words'")
        #expect(keyword.scrub("got two words") == "got ***")
    }
}
