import ContactsCore
import Testing

/// The banner's rules: the newest problems stay in view, and Update is
/// offered only for cards already here while updates are on offer.
@Suite struct ContactsBannerTests {
    @Test func theNewestSixProblemsStayInViewUntilDismissed() {
        var banner = ContactsBanner()
        for file in 1...8 { banner.add(ContactsProblem(.emptyFile, "“\(file).vcf” is empty."), updatesOffered: false) }
        #expect(banner.messages == (3...8).map { "“\($0).vcf” is empty." })
        #expect(banner.text.split(separator: "\n").count == 6)
        banner.dismiss()
        #expect(banner.messages.isEmpty && banner.text.isEmpty)
    }

    @Test func updateIsOfferedForDuplicatesOnlyWhileUpdatesAreOnOffer() {
        var banner = ContactsBanner()
        banner.add(ContactsProblem(.duplicateContact, "Ada is already here."), updatesOffered: true)
        #expect(banner.offersUpdate)
        banner.add(ContactsProblem(.emptyFile, "“a.vcf” is empty."), updatesOffered: true)
        #expect(!banner.offersUpdate)
        banner.add(ContactsProblem(.duplicateContact, "Grace is already here, unchanged."), updatesOffered: false)
        #expect(!banner.offersUpdate)
        banner.add(ContactsProblem(.duplicateContact, "Ada is already here."), updatesOffered: true)
        banner.dismiss()
        #expect(!banner.offersUpdate)
    }
}
