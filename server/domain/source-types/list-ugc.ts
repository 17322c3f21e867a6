import type { ListedGroup } from './listed.ts';

/** Forums, Q&A, social networks and video platforms (see domain-list.ts for how the list was compiled). */
export const UGC: readonly ListedGroup[] = [
  {
    reason: 'forums, Q&A and social networks most cited by AI engines',
    source: 'study',
    domains: `reddit.com quora.com youtube.com linkedin.com stackoverflow.com news.ycombinator.com facebook.com
      x.com twitter.com instagram.com tiktok.com pinterest.com`,
  },
  {
    reason: 'forums and Q&A sites',
    source: 'class',
    domains: `stackexchange.com superuser.com serverfault.com askubuntu.com mathoverflow.net answers.com
      community.spiceworks.com spiceworks.com discourse.org discord.com slashdot.org lobste.rs indiehackers.com
      producthunt.com forums.macrumors.com forums.appleinsider.com community.apple.com
      discussions.apple.com answers.microsoft.com techcommunity.microsoft.com community.hubspot.com
      community.shopify.com community.atlassian.com community.notion.so community.zapier.com
      community.openai.com github.community gamefaqs.gamespot.com resetera.com
      neogaf.com avsforum.com head-fi.org bogleheads.org fatwallet.com slickdeals.net flyertalk.com
      mumsnet.com netmums.com whirlpool.net.au overclockers.co.uk
      warriorforum.com blackhatworld.com webmasterworld.com digitalpoint.com sitepoint.community
      city-data.com gardenweb.com thestudentroom.co.uk collegeconfidential.com
      studocu.com chegg.com brainly.com coursehero.com zhihu.com gutefrage.net commentcamarche.net
      forocoches.com 2ch.net 5ch.net kin.naver.com dcard.tw ptt.cc v2ex.com habr.com pikabu.ru
      teamblind.com fishbowlapp.com letsrun.com physicsforums.com cfd-online.com
      eng-tips.com allaboutcircuits.com eevblog.com forum.arduino.cc
      forums.raspberrypi.com`,
  },
  {
    reason: 'social networks and communities',
    source: 'class',
    domains: `threads.net bsky.app mastodon.social snapchat.com vk.com weibo.com
      t.me clubhouse.com nextdoor.com meetup.com
      goodreads.com letterboxd.com strava.com untappd.com behance.net dribbble.com deviantart.com
      artstation.com flickr.com 500px.com imgur.com 9gag.com ifunny.colemmy.world kbin.social
      github.com gitlab.com bitbucket.org sourceforge.net huggingface.co kaggle.com codepen.io
      replit.com glitch.com jsfiddle.net npmjs.com pypi.org devpost.com
      slideshare.net scribd.com issuu.com academia.edu researchgate.net`,
  },
  {
    reason: 'video and audio platforms',
    source: 'class',
    domains: `youtu.be vimeo.com dailymotion.com twitch.tv rumble.com bilibili.com nicovideo.jp
      loom.com wistia.com spotify.com podcasts.apple.com soundcloud.com anchor.fm podbean.com
      castbox.fm ted.com`,
  },
];
