import Ambient
import AmbientTesting
import Testing

/// Many tests, run in parallel, each overriding the same keys: each must see only its own values (Semantics: each test
/// has its own root). CI runs this suite again under the thread sanitizer.
@Suite struct ParallelIsolationTests {
    @Test(
        .dependencies {
            $0.client = Client("test 0")
            $0.liveOnlyService = "service 0"
        })
    func test00SeesOnlyItsOwnOverrides() async { await expectOwnValues(0) }

    @Test(
        .dependencies {
            $0.client = Client("test 1")
            $0.liveOnlyService = "service 1"
        })
    func test01SeesOnlyItsOwnOverrides() async { await expectOwnValues(1) }

    @Test(
        .dependencies {
            $0.client = Client("test 2")
            $0.liveOnlyService = "service 2"
        })
    func test02SeesOnlyItsOwnOverrides() async { await expectOwnValues(2) }

    @Test(
        .dependencies {
            $0.client = Client("test 3")
            $0.liveOnlyService = "service 3"
        })
    func test03SeesOnlyItsOwnOverrides() async { await expectOwnValues(3) }

    @Test(
        .dependencies {
            $0.client = Client("test 4")
            $0.liveOnlyService = "service 4"
        })
    func test04SeesOnlyItsOwnOverrides() async { await expectOwnValues(4) }

    @Test(
        .dependencies {
            $0.client = Client("test 5")
            $0.liveOnlyService = "service 5"
        })
    func test05SeesOnlyItsOwnOverrides() async { await expectOwnValues(5) }

    @Test(
        .dependencies {
            $0.client = Client("test 6")
            $0.liveOnlyService = "service 6"
        })
    func test06SeesOnlyItsOwnOverrides() async { await expectOwnValues(6) }

    @Test(
        .dependencies {
            $0.client = Client("test 7")
            $0.liveOnlyService = "service 7"
        })
    func test07SeesOnlyItsOwnOverrides() async { await expectOwnValues(7) }

    @Test(
        .dependencies {
            $0.client = Client("test 8")
            $0.liveOnlyService = "service 8"
        })
    func test08SeesOnlyItsOwnOverrides() async { await expectOwnValues(8) }

    @Test(
        .dependencies {
            $0.client = Client("test 9")
            $0.liveOnlyService = "service 9"
        })
    func test09SeesOnlyItsOwnOverrides() async { await expectOwnValues(9) }

    @Test(
        .dependencies {
            $0.client = Client("test 10")
            $0.liveOnlyService = "service 10"
        })
    func test10SeesOnlyItsOwnOverrides() async { await expectOwnValues(10) }

    @Test(
        .dependencies {
            $0.client = Client("test 11")
            $0.liveOnlyService = "service 11"
        })
    func test11SeesOnlyItsOwnOverrides() async { await expectOwnValues(11) }

    @Test(
        .dependencies {
            $0.client = Client("test 12")
            $0.liveOnlyService = "service 12"
        })
    func test12SeesOnlyItsOwnOverrides() async { await expectOwnValues(12) }

    @Test(
        .dependencies {
            $0.client = Client("test 13")
            $0.liveOnlyService = "service 13"
        })
    func test13SeesOnlyItsOwnOverrides() async { await expectOwnValues(13) }

    @Test(
        .dependencies {
            $0.client = Client("test 14")
            $0.liveOnlyService = "service 14"
        })
    func test14SeesOnlyItsOwnOverrides() async { await expectOwnValues(14) }

    @Test(
        .dependencies {
            $0.client = Client("test 15")
            $0.liveOnlyService = "service 15"
        })
    func test15SeesOnlyItsOwnOverrides() async { await expectOwnValues(15) }

    @Test(
        .dependencies {
            $0.client = Client("test 16")
            $0.liveOnlyService = "service 16"
        })
    func test16SeesOnlyItsOwnOverrides() async { await expectOwnValues(16) }

    @Test(
        .dependencies {
            $0.client = Client("test 17")
            $0.liveOnlyService = "service 17"
        })
    func test17SeesOnlyItsOwnOverrides() async { await expectOwnValues(17) }

    @Test(
        .dependencies {
            $0.client = Client("test 18")
            $0.liveOnlyService = "service 18"
        })
    func test18SeesOnlyItsOwnOverrides() async { await expectOwnValues(18) }

    @Test(
        .dependencies {
            $0.client = Client("test 19")
            $0.liveOnlyService = "service 19"
        })
    func test19SeesOnlyItsOwnOverrides() async { await expectOwnValues(19) }

    @Test(
        .dependencies {
            $0.client = Client("test 20")
            $0.liveOnlyService = "service 20"
        })
    func test20SeesOnlyItsOwnOverrides() async { await expectOwnValues(20) }

    @Test(
        .dependencies {
            $0.client = Client("test 21")
            $0.liveOnlyService = "service 21"
        })
    func test21SeesOnlyItsOwnOverrides() async { await expectOwnValues(21) }

    @Test(
        .dependencies {
            $0.client = Client("test 22")
            $0.liveOnlyService = "service 22"
        })
    func test22SeesOnlyItsOwnOverrides() async { await expectOwnValues(22) }

    @Test(
        .dependencies {
            $0.client = Client("test 23")
            $0.liveOnlyService = "service 23"
        })
    func test23SeesOnlyItsOwnOverrides() async { await expectOwnValues(23) }

    @Test(
        .dependencies {
            $0.client = Client("test 24")
            $0.liveOnlyService = "service 24"
        })
    func test24SeesOnlyItsOwnOverrides() async { await expectOwnValues(24) }

    @Test(
        .dependencies {
            $0.client = Client("test 25")
            $0.liveOnlyService = "service 25"
        })
    func test25SeesOnlyItsOwnOverrides() async { await expectOwnValues(25) }

    @Test(
        .dependencies {
            $0.client = Client("test 26")
            $0.liveOnlyService = "service 26"
        })
    func test26SeesOnlyItsOwnOverrides() async { await expectOwnValues(26) }

    @Test(
        .dependencies {
            $0.client = Client("test 27")
            $0.liveOnlyService = "service 27"
        })
    func test27SeesOnlyItsOwnOverrides() async { await expectOwnValues(27) }

    @Test(
        .dependencies {
            $0.client = Client("test 28")
            $0.liveOnlyService = "service 28"
        })
    func test28SeesOnlyItsOwnOverrides() async { await expectOwnValues(28) }

    @Test(
        .dependencies {
            $0.client = Client("test 29")
            $0.liveOnlyService = "service 29"
        })
    func test29SeesOnlyItsOwnOverrides() async { await expectOwnValues(29) }

    @Test(
        .dependencies {
            $0.client = Client("test 30")
            $0.liveOnlyService = "service 30"
        })
    func test30SeesOnlyItsOwnOverrides() async { await expectOwnValues(30) }

    @Test(
        .dependencies {
            $0.client = Client("test 31")
            $0.liveOnlyService = "service 31"
        })
    func test31SeesOnlyItsOwnOverrides() async { await expectOwnValues(31) }

    @Test(
        .dependencies {
            $0.client = Client("test 32")
            $0.liveOnlyService = "service 32"
        })
    func test32SeesOnlyItsOwnOverrides() async { await expectOwnValues(32) }

    @Test(
        .dependencies {
            $0.client = Client("test 33")
            $0.liveOnlyService = "service 33"
        })
    func test33SeesOnlyItsOwnOverrides() async { await expectOwnValues(33) }

    @Test(
        .dependencies {
            $0.client = Client("test 34")
            $0.liveOnlyService = "service 34"
        })
    func test34SeesOnlyItsOwnOverrides() async { await expectOwnValues(34) }

    @Test(
        .dependencies {
            $0.client = Client("test 35")
            $0.liveOnlyService = "service 35"
        })
    func test35SeesOnlyItsOwnOverrides() async { await expectOwnValues(35) }

    @Test(
        .dependencies {
            $0.client = Client("test 36")
            $0.liveOnlyService = "service 36"
        })
    func test36SeesOnlyItsOwnOverrides() async { await expectOwnValues(36) }

    @Test(
        .dependencies {
            $0.client = Client("test 37")
            $0.liveOnlyService = "service 37"
        })
    func test37SeesOnlyItsOwnOverrides() async { await expectOwnValues(37) }

    @Test(
        .dependencies {
            $0.client = Client("test 38")
            $0.liveOnlyService = "service 38"
        })
    func test38SeesOnlyItsOwnOverrides() async { await expectOwnValues(38) }

    @Test(
        .dependencies {
            $0.client = Client("test 39")
            $0.liveOnlyService = "service 39"
        })
    func test39SeesOnlyItsOwnOverrides() async { await expectOwnValues(39) }

    @Test(
        .dependencies {
            $0.client = Client("test 40")
            $0.liveOnlyService = "service 40"
        })
    func test40SeesOnlyItsOwnOverrides() async { await expectOwnValues(40) }

    @Test(
        .dependencies {
            $0.client = Client("test 41")
            $0.liveOnlyService = "service 41"
        })
    func test41SeesOnlyItsOwnOverrides() async { await expectOwnValues(41) }

    @Test(
        .dependencies {
            $0.client = Client("test 42")
            $0.liveOnlyService = "service 42"
        })
    func test42SeesOnlyItsOwnOverrides() async { await expectOwnValues(42) }

    @Test(
        .dependencies {
            $0.client = Client("test 43")
            $0.liveOnlyService = "service 43"
        })
    func test43SeesOnlyItsOwnOverrides() async { await expectOwnValues(43) }

    @Test(
        .dependencies {
            $0.client = Client("test 44")
            $0.liveOnlyService = "service 44"
        })
    func test44SeesOnlyItsOwnOverrides() async { await expectOwnValues(44) }

    @Test(
        .dependencies {
            $0.client = Client("test 45")
            $0.liveOnlyService = "service 45"
        })
    func test45SeesOnlyItsOwnOverrides() async { await expectOwnValues(45) }

    @Test(
        .dependencies {
            $0.client = Client("test 46")
            $0.liveOnlyService = "service 46"
        })
    func test46SeesOnlyItsOwnOverrides() async { await expectOwnValues(46) }

    @Test(
        .dependencies {
            $0.client = Client("test 47")
            $0.liveOnlyService = "service 47"
        })
    func test47SeesOnlyItsOwnOverrides() async { await expectOwnValues(47) }

    @Test(
        .dependencies {
            $0.client = Client("test 48")
            $0.liveOnlyService = "service 48"
        })
    func test48SeesOnlyItsOwnOverrides() async { await expectOwnValues(48) }

    @Test(
        .dependencies {
            $0.client = Client("test 49")
            $0.liveOnlyService = "service 49"
        })
    func test49SeesOnlyItsOwnOverrides() async { await expectOwnValues(49) }

    @Test(
        .dependencies {
            $0.client = Client("test 50")
            $0.liveOnlyService = "service 50"
        })
    func test50SeesOnlyItsOwnOverrides() async { await expectOwnValues(50) }

    @Test(
        .dependencies {
            $0.client = Client("test 51")
            $0.liveOnlyService = "service 51"
        })
    func test51SeesOnlyItsOwnOverrides() async { await expectOwnValues(51) }

    @Test(
        .dependencies {
            $0.client = Client("test 52")
            $0.liveOnlyService = "service 52"
        })
    func test52SeesOnlyItsOwnOverrides() async { await expectOwnValues(52) }

    @Test(
        .dependencies {
            $0.client = Client("test 53")
            $0.liveOnlyService = "service 53"
        })
    func test53SeesOnlyItsOwnOverrides() async { await expectOwnValues(53) }

    @Test(
        .dependencies {
            $0.client = Client("test 54")
            $0.liveOnlyService = "service 54"
        })
    func test54SeesOnlyItsOwnOverrides() async { await expectOwnValues(54) }

    @Test(
        .dependencies {
            $0.client = Client("test 55")
            $0.liveOnlyService = "service 55"
        })
    func test55SeesOnlyItsOwnOverrides() async { await expectOwnValues(55) }

    @Test(
        .dependencies {
            $0.client = Client("test 56")
            $0.liveOnlyService = "service 56"
        })
    func test56SeesOnlyItsOwnOverrides() async { await expectOwnValues(56) }

    @Test(
        .dependencies {
            $0.client = Client("test 57")
            $0.liveOnlyService = "service 57"
        })
    func test57SeesOnlyItsOwnOverrides() async { await expectOwnValues(57) }

    @Test(
        .dependencies {
            $0.client = Client("test 58")
            $0.liveOnlyService = "service 58"
        })
    func test58SeesOnlyItsOwnOverrides() async { await expectOwnValues(58) }

    @Test(
        .dependencies {
            $0.client = Client("test 59")
            $0.liveOnlyService = "service 59"
        })
    func test59SeesOnlyItsOwnOverrides() async { await expectOwnValues(59) }
}

/// Reads the overridden keys many times, across suspension points and child tasks, and checks the test's root.
func expectOwnValues(_ index: Int) async {
    for _ in 0..<20 {
        #expect(DependencyValues.current.client.name == "test \(index)")
        #expect(DependencyValues.current.liveOnlyService == "service \(index)")
        await Task.yield()
    }
    let fromChild = await Task { DependencyValues.current.client.name }.value
    #expect(fromChild == "test \(index)")
    let cart = DependencyValues.current.cart
    #expect(cart.all.isEmpty)
    cart.add("item \(index)")
    #expect(isFirstSighting(of: cart))
}
