import type { ListedGroup } from './listed.ts';

/**
 * Companies' own sites that answers cite for their blogs, guides and product pages (a project's competitors are
 * `competitor` and its own domains `own` whatever this says); see domain-list.ts for how the list was compiled.
 */
export const CORPORATE: readonly ListedGroup[] = [
  {
    reason: 'company blogs and guides most cited by AI engines',
    source: 'study',
    domains: `zapier.com hubspot.com semrush.com ahrefs.com moz.com shopify.com salesforce.com microsoft.com
      google.com apple.com ibm.com oracle.com aws.amazon.com cloud.google.com`,
  },
  {
    reason: 'software and SaaS companies',
    source: 'class',
    domains: `adobe.com atlassian.com notion.so notion.com asana.com monday.com clickup.com trello.com
      smartsheet.com wrike.com basecamp.com airtable.com miro.com figma.com canva.com slack.com zoom.us
      zoom.com dropbox.com box.com docusign.com intuit.com quickbooks.intuit.com xero.com freshbooks.com
      sage.com zoho.com freshworks.com zendesk.com intercom.com hubspot.de pipedrive.com mailchimp.com
      klaviyo.com activecampaign.com constantcontact.com sendgrid.com twilio.com stripe.com paypal.com
      square.com squareup.com adyen.com wise.com revolut.com brex.com ramp.com gusto.com rippling.com
      workday.com bamboohr.com adp.com paychex.com sap.com servicenow.com snowflake.com databricks.com
      mongodb.com elastic.co datadoghq.com newrelic.com splunk.com grafana.com cloudflare.com
      akamai.com fastly.com vercel.com netlify.com heroku.com digitalocean.com linode.com vultr.com
      hetzner.com ovhcloud.com godaddy.com namecheap.com wix.com squarespace.com webflow.com
      automattic.com bigcommerce.com woocommerce.com magento.com kinsta.com wpengine.com
      hostinger.com bluehost.com siteground.com elegantthemes.com themeisle.com sproutsocial.com buffer.com
      hootsuite.com later.com wordstream.com similarweb.com ubersuggest.com screamingfrog.co.uk
      yoast.com hotjar.com mixpanel.com amplitude.com segment.com optimizely.com vwo.com unbounce.com
      calendly.com typeform.com surveymonkey.com qualtrics.com jotform.com grammarly.com
      jasper.ai copy.ai openai.com anthropic.com mistral.ai cohere.com perplexity.ai deepmind.google
      nvidia.com intel.com amd.com arm.com qualcomm.com samsung.com sony.com lg.com dell.com hp.com
      lenovo.com asus.com acer.com cisco.com vmware.com redhat.com canonical.com ubuntu.com
      jetbrains.com docker.com hashicorp.com github.blog stackoverflow.blog postman.com okta.com auth0.com
      crowdstrike.com paloaltonetworks.com fortinet.com sentinelone.com zscaler.com norton.com
      mcafee.com kaspersky.com bitdefender.com avast.com malwarebytes.com nordvpn.com expressvpn.com
      surfshark.com protonmail.com proton.me lastpass.com 1password.com bitwarden.com dashlane.com
      projectmanager.com teamwork.com teamgantt.com nifty.pm hive.com taskade.com todoist.com ticktick.com
      linear.app height.app shortcut.com youtrack.jetbrains.com productboard.com aha.io`,
  },
  {
    reason: 'consulting, research and analyst firms',
    source: 'class',
    domains: `mckinsey.com bain.com bcg.com deloitte.com pwc.com ey.com kpmg.com accenture.com capgemini.com
      forrester.com idc.com everestgrp.com hfsresearch.com
      nielsen.com kantar.com ipsos.com yougov.com gallup.com morningconsult.com`,
  },
  {
    reason: 'large consumer and industrial companies',
    source: 'class',
    domains: `amazon.jobs meta.com about.meta.com netflix.com disney.com nike.com adidas.com coca-cola.com
      pepsico.com unilever.com pg.com nestle.com loreal.com toyota.com ford.com gm.com tesla.com bmw.com
      mercedes-benz.com volkswagen.de honda.com hyundai.com kia.com siemens.com ge.com boeing.com
      airbus.com 3m.com honeywell.com johnsoncontrols.com schneider-electric.com abb.com philips.com
      bosch.com pfizer.com jnj.com novartis.com roche.com merck.com astrazeneca.com gsk.com sanofi.com
      bayer.com lilly.com abbvie.com moderna.com jpmorgan.com chase.com bankofamerica.com wellsfargo.com
      citi.com goldmansachs.com morganstanley.com hsbc.com barclays.co.uk lloydsbank.com santander.com
      bnpparibas.com ing.com ubs.com americanexpress.com visa.com mastercard.com capitalone.com
      schwab.com fidelity.com vanguard.com blackrock.com allstate.com progressive.com geico.com
      statefarm.com aetna.com cigna.com unitedhealthgroup.com kaiserpermanente.org verizon.com
      att.com t-mobile.com vodafone.com bt.com orange.com telekom.de comcast.com xfinity.com
      spectrum.com starbucks.com mcdonalds.com marriott.com hilton.com airbnb.com uber.com lyft.com
      doordash.com instacart.com fedex.com ups.com dhl.com maersk.com shell.com bp.com exxonmobil.com
      chevron.com totalenergies.com ikea.com hm.com zara.com uniqlo.com lego.com mattel.com hasbro.com`,
  },
  {
    reason: "the demo market's competitors (named in the demo's answers)",
    source: 'demo',
    domains: `northwindtasks.com northwind.app trellisboards.com tasklane.io sprintwise.io planfield.com
      orbitpm.com milestonehq.com kanbanly.com cobaltprojects.com`,
  },
];
