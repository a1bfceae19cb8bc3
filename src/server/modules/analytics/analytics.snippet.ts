/**
 * The snippet a site embeds (issue 30 A, ADR 056), served as `GET /analytics.js`:
 *
 *   <script>window.atrium=window.atrium||function(){(atrium.q=atrium.q||[]).push(arguments)}</script>
 *   <script defer src="https://atrium.example.com/analytics.js" data-site="KEY"></script>
 *
 * It reports a page view on load and on each single-page navigation (history.pushState/replaceState and
 * popstate, when the path changes), and custom events through `atrium('signup')` (calls made before it loaded
 * wait in `atrium.q`). It sets no cookie and uses no storage; it sends nothing when the browser asks not to be
 * tracked (Do-Not-Track, Global Privacy Control). It posts as text/plain (no preflight) to the origin it was
 * loaded from, with `fetch(…, { keepalive, credentials: 'omit' })`, or a beacon where fetch is missing.
 * Hand-written ES5, small on purpose (a test keeps it under 4 KiB).
 */
export const SNIPPET = `(function(w,d){"use strict";
var s=d.currentScript,n=w.navigator,l=w.location;if(!s||!s.src)return;
var k=s.getAttribute("data-site"),e=new URL(s.src).origin+"/api/analytics/collect",last=null,prev=d.referrer||"";
function off(){return n.doNotTrack==="1"||w.doNotTrack==="1"||n.msDoNotTrack==="1"||n.globalPrivacyControl===true}
function tz(){try{return Intl.DateTimeFormat().resolvedOptions().timeZone}catch(x){return undefined}}
function send(name){if(!k||off())return;
var b=JSON.stringify({k:k,n:String(name).slice(0,60),u:l.href,r:prev,w:w.innerWidth,l:n.language,z:tz()});
if(w.fetch){w.fetch(e,{method:"POST",body:b,keepalive:true,credentials:"omit",headers:{"Content-Type":"text/plain"}}).catch(function(){})}
else if(n.sendBeacon){n.sendBeacon(e,b)}}
function view(){if(l.pathname===last)return;last=l.pathname;send("pageview");prev=l.href}
var h=w.history;if(h){["pushState","replaceState"].forEach(function(m){var f=h[m];if(!f)return;
h[m]=function(){var r=f.apply(this,arguments);view();return r}});w.addEventListener("popstate",view)}
var q=(w.atrium&&w.atrium.q)||[];w.atrium=function(name){if(name)send(name)};
view();for(var i=0;i<q.length;i++)w.atrium.apply(w,q[i]);
})(window,document);
`;
