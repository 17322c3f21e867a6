import type { ListedGroup } from './listed.ts';

/** Review sites and marketplaces (see domain-list.ts for how the list was compiled). */
export const REVIEW: readonly ListedGroup[] = [
  {
    reason: 'software review sites most cited by AI engines',
    source: 'study',
    domains: `g2.com capterra.com trustradius.com gartner.com getapp.com softwareadvice.com trustpilot.com`,
  },
  {
    reason: 'software and B2B review sites and directories',
    source: 'class',
    domains: `softwaresuggest.com sourceforge.net.reviews peerspot.com itcentralstation.com featuredcustomers.com
      saasworthy.com crozdesk.com financesonline.com selecthub.com technologyadvice.com softwareworld.co
      goodfirms.co clutch.co themanifest.com upcity.com designrush.com sortlist.com expertise.com
      alternativeto.net slant.co stackshare.io saashub.com producthunt.com.reviews appsumo.com
      capterra.co.uk capterra.com.au capterra.de capterra.fr capterra.es getapp.co.uk softwareadvice.co.uk
      g2crowd.com siteefy.com websiteplanet.com cybernews.com security.org safetydetectives.com
      vpnmentor.com comparitech.com top10.com tech.co fitsmallbusiness.com merchantmaverick.com
      business.org businessnewsdaily.com`,
  },
  {
    reason: 'consumer review sites',
    source: 'study',
    domains: `yelp.com tripadvisor.com`,
  },
  {
    reason: 'consumer review sites',
    source: 'class',
    domains: `tripadvisor.co.uk tripadvisor.ca tripadvisor.com.au tripadvisor.de tripadvisor.fr tripadvisor.es
      tripadvisor.it yelp.co.uk yelp.ca trustpilot.co.uk sitejabber.com consumeraffairs.com bbb.org
      reviews.io reviewcentre.com resellerratings.com productreview.com.au feefo.com yotpo.com.reviews
      glassdoor.com glassdoor.co.uk indeed.com comparably.com kununu.com ambitionbox.com angi.com
      angieslist.com homeadvisor.com thumbtack.com houzz.com checkatrade.com trustatrader.com
      zocdoc.com healthgrades.com vitals.com ratemds.com webmd.com.reviews avvo.com martindale.com
      lawyers.com superlawyers.com niche.com ratemyprofessors.com greatschools.org
      rtings.com wirecutter.com.reviews versus.com dxomark.com soundguys.com outdoorgearlab.com
      treelineview.com bestreviews.com reviewed.com thewirecutter.com productchart.com
      edmunds.com kbb.com cars.com carfax.com autotrader.com cargurus.com jdpower.com
      booking.com expedia.com hotels.com kayak.com skyscanner.net agoda.com trivago.com
      opentable.com zomato.com doordash.com.reviews`,
  },
  {
    reason: 'marketplaces and app stores',
    source: 'study',
    domains: `amazon.com`,
  },
  {
    reason: 'marketplaces and app stores',
    source: 'class',
    domains: `amazon.co.uk amazon.de amazon.fr amazon.es amazon.it amazon.ca amazon.com.au amazon.co.jp amazon.in
      amazon.com.br amazon.com.mx amazon.nl amazon.se amazon.pl ebay.com ebay.co.uk ebay.de ebay.fr ebay.com.au
      etsy.com walmart.com target.com bestbuy.com costco.com homedepot.com lowes.com wayfair.com ikea.com.shop
      newegg.com bhphotovideo.com adorama.com microcenter.com currys.co.uk argos.co.uk johnlewis.com
      mediamarkt.de otto.de zalando.com zalando.de fnac.com cdiscount.com boulanger.com darty.com
      elcorteingles.es mercadolibre.com mercadolivre.com.br flipkart.com aliexpress.com alibaba.com
      temu.com shein.com wish.com rakuten.com rakuten.co.jp shopee.com lazada.com tokopedia.com
      jd.com taobao.com tmall.com coupang.com allegro.pl bol.com chewy.com sephora.com ulta.com
      macys.com nordstrom.com kohls.com rei.com dickssportinggoods.com zappos.com asos.com
      apps.apple.com play.google.com chromewebstore.google.com chrome.google.com
      marketplace.atlassian.com apps.shopify.com marketplace.visualstudio.com appsource.microsoft.com
      azuremarketplace.microsoft.com 
      appexchange.salesforce.com ecosystem.hubspot.com 
      apps.microsoft.com f-droid.org steampowered.com store.steampowered.com
      epicgames.com gog.com humblebundle.com fiverr.com upwork.com freelancer.com toptal.com
      99designs.com envato.com themeforest.net creativemarket.com gumroad.com udemy.com coursera.org
      edx.org skillshare.com pluralsight.com masterclass.com domestika.org`,
  },
];
