import type { ListedGroup } from './listed.ts';

/**
 * Government, education, standards bodies and non-profits whose names no rule catches (`.gov`, `.edu`, `.ac.*` and
 * the like are rules, rules.ts); see domain-list.ts for how the list was compiled.
 */
export const INSTITUTIONAL: readonly ListedGroup[] = [
  {
    reason: 'government and public health bodies most cited by AI engines',
    source: 'study',
    domains: `nih.gov cdc.gov who.int nhs.uk`,
  },
  {
    reason: 'government sites outside government suffixes',
    source: 'class',
    domains: `europa.eu ec.europa.eu europarl.europa.eu canada.ca gc.ca service-public.fr bund.de
      bundesregierung.de admin.ch government.nl rijksoverheid.nl belgium.be gov.ie regjeringen.no
      government.se sweden.se suomi.fi valtioneuvosto.fi borger.dk stm.dk oecd.org imf.org worldbank.org
      un.org unesco.org unicef.org undp.org unhcr.org wto.org ilo.org fao.org wfp.org iaea.org itu.int
      ecb.europa.eu bis.org federalreserve.gov.us bankofengland.co.uk bundesbank.de banque-france.fr
      rba.gov.au bankofcanada.ca ons.gov.uk statcan.gc.ca destatis.de insee.fr istat.it ine.es
      cbs.nl abs.gov.au stats.govt.nz ipcc.ch esa.int nasa.gov noaa.gov epa.gov fda.gov ftc.gov sec.gov
      irs.gov ssa.gov usa.gov medicare.gov healthcare.gov va.gov state.gov census.gov bls.gov
      nhs.scot hse.ie ema.europa.eu efsa.europa.eu ecdc.europa.eu enisa.europa.eu edpb.europa.eu
      ico.org.uk cnil.fr gdpr.eu gdpr-info.eu legislation.gov.uk eur-lex.europa.eu congress.gov
      supremecourt.gov uscourts.gov`,
  },
  {
    reason: 'standards bodies and industry consortia',
    source: 'class',
    domains: `w3.org whatwg.org iso.org iec.ch ieee.org iana.org icann.org nist.gov ansi.org
      bsigroup.com din.de afnor.org cen.eu etsi.org unicode.org ecma-international.org
      khronos.org oasis-open.org omg.org opengroup.org linuxfoundation.org cncf.io openssf.org
      apache.org eclipse.org python.org nodejs.org rust-lang.org go.dev kernel.org gnu.org fsf.org
      opensource.org creativecommons.org pcisecuritystandards.org cloudsecurityalliance.org
      owasp.org cisecurity.org first.org mitre.org cve.org schema.org json-schema.org openapis.org
      spdx.org fidoalliance.org openid.net oauth.net bluetooth.com wi-fi.org usb.org pcisig.com
      3gpp.org gsma.com ul.com energystar.gov fsc.org bcorporation.net iso27001security.com
      axelos.com pmi.org scrum.org scrumalliance.org agilealliance.org iiba.org isaca.org
      isc2.org comptia.org aicpa.org ifrs.org fasb.org iasb.org acca.com cfainstitute.org
      shrm.org cipd.org ama.org iab.com`,
  },
  {
    reason: 'non-profits, foundations and research institutes',
    source: 'class',
    domains: `redcross.org icrc.org amnesty.org hrw.org greenpeace.org wwf.org panda.org worldwildlife.org
      gatesfoundation.org rockefellerfoundation.org fordfoundation.org wikimediafoundation.org mozilla.org
      eff.org aclu.org pewresearch.org brookings.edu rand.org cfr.org chathamhouse.org carnegieendowment.org
      urban.org heritage.org cato.org aei.org epi.org kff.org commonwealthfund.org
      cancer.org cancer.gov heart.org diabetes.org alz.org lung.org arthritis.org mskcc.org
      stjude.org mdanderson.org cancerresearchuk.org macmillan.org.uk mind.org.uk samaritans.org
      nami.org mentalhealth.org.uk autism.org.uk aarp.org ageuk.org.uk citizensadvice.org.uk
      khanacademy.org teded.com coursera.org.edu mitopencourseware.org ocw.mit.edu
      nobelprize.org smithsonian.si.edu si.edu metmuseum.org moma.org britishmuseum.org louvre.fr
      guggenheim.org tate.org.uk loc.gov bl.uk bnf.fr nationalarchives.gov.uk archives.gov
      charitynavigator.org guidestar.org candid.org givewell.org globalgiving.org kiva.org
      habitat.org feedingamerica.org salvationarmy.org oxfam.org savethechildren.org care.org
      msf.org doctorswithoutborders.org`,
  },
];
