import type { ListedGroup } from './listed.ts';

/** News, magazines and independent blogs (see domain-list.ts for how the list was compiled). */
export const EDITORIAL: readonly ListedGroup[] = [
  {
    reason: 'world and national news',
    source: 'study',
    domains: `nytimes.com reuters.com apnews.com bbc.com bbc.co.uk cnn.com theguardian.com washingtonpost.com wsj.com
      forbes.com bloomberg.com cnbc.com usatoday.com nbcnews.com cbsnews.com abcnews.go.com npr.org foxnews.com
      businessinsider.com time.com theatlantic.com economist.com ft.com axios.com politico.com`,
  },
  {
    reason: 'world and national news',
    source: 'class',
    domains: `latimes.com nypost.com newsweek.com huffpost.com vox.com thehill.com aljazeera.com independent.co.uk
      telegraph.co.uk dailymail.co.uk thetimes.co.uk sky.com news.sky.com standard.co.uk mirror.co.uk metro.co.uk
      express.co.uk inews.co.uk cbc.ca globalnews.ca theglobeandmail.com ctvnews.ca nationalpost.com abc.net.au
      smh.com.au theage.com.au news.com.au nzherald.co.nz stuff.co.nz irishtimes.com rte.ie thejournal.ie
      lemonde.fr lefigaro.fr liberation.fr leparisien.fr francetvinfo.fr 20minutes.fr bfmtv.com spiegel.de zeit.de
      faz.net sueddeutsche.de welt.de tagesschau.de focus.de n-tv.de stern.de handelsblatt.com elpais.com
      elmundo.es abc.es lavanguardia.com corriere.it repubblica.it lastampa.it ilsole24ore.com nos.nl nu.nl
      volkskrant.nl nrc.nl svt.se dn.se aftonbladet.se nrk.no vg.no dr.dk yle.fi derstandard.at nzz.ch srf.ch
      rts.ch timesofindia.indiatimes.com hindustantimes.com thehindu.com indianexpress.com ndtv.com
      economictimes.indiatimes.com livemint.com scmp.com straitstimes.com channelnewsasia.com japantimes.co.jp
      nikkei.com asia.nikkei.com koreaherald.com koreatimes.co.kr globo.com folha.uol.com.br estadao.com.br
      clarin.com lanacion.com.ar eluniversal.com.mx milenio.com infobae.com dw.com france24.com euronews.com
      rfi.fr haaretz.com timesofisrael.com jpost.com arabnews.com gulfnews.com thenationalnews.com news24.com
      dailymaverick.co.za pbs.org cbs.com abc.com msnbc.com chicagotribune.com bostonglobe.com sfchronicle.com
      seattletimes.com dallasnews.com houstonchronicle.com miamiherald.com startribune.com denverpost.com
      ajc.com inquirer.com newsday.com nj.com cleveland.com oregonlive.com mercurynews.com politico.eu
      theconversation.com propublica.org slate.com salon.com newyorker.com newrepublic.com nationalreview.com
      reason.com thedailybeast.com semafor.com theintercept.com motherjones.com msn.com news.yahoo.com
      yahoo.com news.google.com upi.com afp.com`,
  },
  {
    reason: 'business and finance news',
    source: 'study',
    domains: `investopedia.com nerdwallet.com fool.com marketwatch.com fortune.com inc.com entrepreneur.com
      fastcompany.com hbr.org`,
  },
  {
    reason: 'business and finance news',
    source: 'class',
    domains: `barrons.com kiplinger.com thestreet.com morningstar.com seekingalpha.com finance.yahoo.com
      bankrate.com thebalancemoney.com thebalance.com money.com moneysavingexpert.com which.co.uk
      businessweek.com qz.com cnbctv18.com moneycontrol.com zacks.com benzinga.com investors.com
      financialpost.com lesechos.fr manager-magazin.de wiwo.de expansion.com fintechmagazine.com
      pymnts.com americanbanker.com finextra.com techcrunch.com venturebeat.com crunchbase.news sifted.eu
      businessoffashion.com adage.com adweek.com campaignlive.co.uk marketingweek.com thedrum.com
      marketingdive.com retaildive.com supplychaindive.com hrdive.com ciodive.com modernretail.co
      digiday.com emarketer.com insiderintelligence.com`,
  },
  {
    reason: 'technology news and reviews',
    source: 'study',
    domains: `techradar.com pcmag.com theverge.com wired.com cnet.com zdnet.com tomsguide.com engadget.com
      arstechnica.com`,
  },
  {
    reason: 'technology news and reviews',
    source: 'class',
    domains: `tomshardware.com digitaltrends.com gizmodo.com mashable.com androidauthority.com androidcentral.com
      9to5mac.com 9to5google.com macrumors.com appleinsider.com imore.com xda-developers.com howtogeek.com
      makeuseof.com lifehacker.com pcworld.com macworld.com computerworld.com infoworld.com techrepublic.com
      theregister.com thenextweb.com siliconangle.com protocol.com techspot.com anandtech.com notebookcheck.net
      gsmarena.com trustedreviews.com expertreviews.co.uk t3.com stuff.tv pocket-lint.com theinformation.com
      geekwire.com readwrite.com slashgear.com bgr.com neowin.net windowscentral.com thurrott.com
      bleepingcomputer.com securityweek.com darkreading.com krebsonsecurity.com thehackernews.com
      infosecurity-magazine.com csoonline.com networkworld.com sdxcentral.com datacenterdynamics.com
      heise.de golem.de chip.de computerbild.de t3n.de numerama.com 01net.com frandroid.com lesnumeriques.com
      clubic.com xataka.com hipertextual.com tweakers.net dev.to smashingmagazine.com css-tricks.com
      alistapart.com sitepoint.com freecodecamp.org thenewstack.io infoq.com dzone.com
      towardsdatascience.com kdnuggets.com analyticsvidhya.com analyticsinsight.net unite.ai`,
  },
  {
    reason: 'marketing, SaaS and software blogs',
    source: 'study',
    domains: `blog.hubspot.com searchengineland.com searchenginejournal.com neilpatel.com backlinko.com`,
  },
  {
    reason: 'marketing, SaaS and software blogs',
    source: 'class',
    domains: `marketingprofiles.com contentmarketinginstitute.com copyblogger.com socialmediatoday.com
      socialmediaexaminer.com searchengineroundtable.com seroundtable.com growth.design lennysnewsletter.com firstround.com
      saastr.com tomtunguz.com a16z.com stratechery.com benedictevans.com paulgraham.com
      martinfowler.com joelonsoftware.com codinghorror.com wpbeginner.com practicalecommerce.com ecommercefuel.com thedigitalproject.co`,
  },
  {
    reason: 'health and medicine publishers',
    source: 'study',
    domains: `healthline.com webmd.com medicalnewstoday.com verywellhealth.com everydayhealth.com`,
  },
  {
    reason: 'health and medicine publishers',
    source: 'class',
    domains: `verywellmind.com verywellfit.com health.com prevention.com menshealth.com womenshealthmag.com
      self.com shape.com psychologytoday.com medscape.com statnews.com fiercehealthcare.com drugs.com
      goodrx.com health.harvard.edu health.clevelandclinic.org medicinenet.com rxlist.com livestrong.com
      eatingwell.com bmj.com thelancet.com nejm.org jamanetwork.com nature.com sciencedirect.com
      springer.com wiley.com frontiersin.org plos.org mdpi.com cell.com science.org scientificamerican.com
      newscientist.com livescience.com sciencedaily.com phys.org space.com popsci.com popularmechanics.com
      smithsonianmag.com nationalgeographic.com discovermagazine.com`,
  },
  {
    reason: 'lifestyle, consumer and travel publishers',
    source: 'class',
    domains: `nymag.com thecut.com vogue.com gq.com elle.com cosmopolitan.com harpersbazaar.com vanityfair.com
      esquire.com rollingstone.com variety.com hollywoodreporter.com deadline.com billboard.com pitchfork.com
      ign.com gamespot.com polygon.com kotaku.com pcgamer.com eurogamer.net gamesradar.com rockpapershotgun.com
      espn.com bleacherreport.com theathletic.com si.com cbssports.com goal.com skysports.com
      foodnetwork.com seriouseats.com bonappetit.com epicurious.com allrecipes.com delish.com tasteofhome.com
      thekitchn.com simplyrecipes.com bbcgoodfood.com realsimple.com marthastewart.com bhg.com
      housebeautiful.com architecturaldigest.com apartmenttherapy.com thespruce.com goodhousekeeping.com
      consumerreports.org wirecutter.com cntraveler.com travelandleisure.com lonelyplanet.com fodors.com
      frommers.com thepointsguy.com nomadicmatt.com afar.com roughguides.com timeout.com thrillist.com
      eater.com parents.com whattoexpect.com babycenter.com todaysparent.com cafemom.com motortrend.com
      caranddriver.com roadandtrack.com topgear.com autocar.co.uk autoexpress.co.uk jalopnik.com electrek.co
      insideevs.com carscoops.com thedrive.com`,
  },
  {
    reason: 'blog and newsletter platforms (each blog an independent publisher)',
    source: 'study',
    domains: `medium.com substack.com`,
  },
  {
    reason: 'blog and newsletter platforms (each blog an independent publisher)',
    source: 'class',
    domains: `blogspot.com wordpress.com tumblr.com ghost.io beehiiv.com hashnode.dev hashnode.com
      typepad.com livejournal.com hubpages.com vocal.media buttondown.email mirror.xyz`,
  },
];
