import type { ListedGroup } from './listed.ts';

/** Encyclopedias, dictionaries and wikis (see domain-list.ts for how the list was compiled). */
export const REFERENCE: readonly ListedGroup[] = [
  {
    reason: 'encyclopedias and wikis most cited by AI engines',
    source: 'study',
    domains: `wikipedia.org britannica.com wikihow.com`,
  },
  {
    reason: 'encyclopedias, wikis and knowledge bases',
    source: 'class',
    domains: `wikimedia.org wikidata.org wiktionary.org wikiquote.org wikivoyage.org wikisource.org wikibooks.org
      wikiversity.org fandom.com wikia.com encyclopedia.com newworldencyclopedia.org worldhistory.org
      history.com infoplease.com citizendium.org scholarpedia.org plato.stanford.edu iep.utm.edu
      everybodywiki.com baike.baidu.com namu.wiki larousse.fr universalis.fr treccani.it brockhaus.de
      archlinux.org wiki.archlinux.org wiki.debian.org wiki.ubuntu.com wiki.python.org wiki.mozilla.org
      developer.mozilla.org w3schools.com geeksforgeeks.org tutorialspoint.com javatpoint.com programiz.com
      cppreference.com devdocs.io mdn.io rfc-editor.org ietf.org caniuse.com regex101.com
      investinganswers.com corporatefinanceinstitute.com accountingtools.com law.cornell.edu justia.com
      findlaw.com nolo.com lexology.com casetext.com oyez.org
      imdb.com discogs.com musicbrainz.org allmusic.com boxofficemojo.com rottentomatoes.com
      metacritic.com transfermarkt.com basketball-reference.com baseball-reference.com
      pro-football-reference.com sports-reference.com espncricinfo.com
      statista.com ourworldindata.org worldometers.info macrotrends.net tradingeconomics.com
      countryeconomy.com numbeo.com knoema.com data.worldbank.org populationpyramid.net
      timeanddate.com worldatlas.com mapsofworld.com geonames.org openstreetmap.org
      archive.org web.archive.org gutenberg.org openlibrary.org jstor.org arxiv.org pubmed.ncbi.nlm.nih.gov
      scholar.google.com semanticscholar.org ssrn.com biorxiv.org medrxiv.org doi.org crossref.org
      orcid.org europepmc.org`,
  },
  {
    reason: 'dictionaries and language references',
    source: 'class',
    domains: `merriam-webster.com dictionary.com thesaurus.com dictionary.cambridge.org cambridge.org
      oxfordlearnersdictionaries.com oed.com lexico.com collinsdictionary.com vocabulary.com
      thefreedictionary.com urbandictionary.com wordreference.com linguee.com deepl.com reverso.net
      yourdictionary.com etymonline.com macmillandictionary.com
      ldoceonline.com duden.de leo.org dict.cc pons.com larousse.com rae.es dle.rae.es
      jisho.org acronymfinder.com abbreviations.com idioms.thefreedictionary.com
      rhymezone.com powerthesaurus.org synonym.com`,
  },
  {
    reason: 'health and drug references',
    source: 'study',
    domains: `mayoclinic.org clevelandclinic.org`,
  },
  {
    reason: 'health and drug references',
    source: 'class',
    domains: `hopkinsmedicine.org medlineplus.gov msdmanuals.com merckmanuals.com uptodate.com
      drugbank.com pdr.net kidshealth.org patient.info nhsinform.scot dermnetnz.org
      radiopaedia.org emedicine.medscape.com rarediseases.org labtestsonline.org`,
  },
];
