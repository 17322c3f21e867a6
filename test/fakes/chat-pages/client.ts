/**
 * The script every mock chat page runs (plain browser JavaScript, no framework): a prompt box and a send
 * button; on send, the user turn, then an assistant turn whose text streams in over `streamMs` while a stop
 * button (or a streaming marker) shows; at the end the stop goes away and the action buttons appear, with a
 * sources button that opens the sources panel. The page reads its configuration from `window.__CFG`.
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  var C = window.__CFG;
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var esc = function (t) {
    return String(t).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  };
  var frag = function (html) {
    var t = document.createElement('template');
    t.innerHTML = html.trim();
    return t.content.firstElementChild;
  };
  var busy = false;
  var turnNo = 0;

  function readInput() {
    var el = C.input && $(C.input);
    if (!el) return '';
    return C.inputKind === 'textarea' ? el.value : el.innerText;
  }
  function updateSubmit() {
    var b = C.submit && $(C.submit);
    if (b && C.disableEmptySubmit) b.disabled = busy || readInput().trim() === '';
  }
  function clearInput() {
    var el = C.input && $(C.input);
    if (!el) return;
    if (C.inputKind === 'textarea') el.value = '';
    else el.innerHTML = '';
    updateSubmit();
  }
  function setStreaming(on) {
    var s = C.stop && $(C.stop);
    if (s) s.hidden = !on;
    var b = C.submit && $(C.submit);
    if (b && C.hideSubmitWhileStreaming) b.hidden = on;
  }
  function send() {
    var prompt = readInput().trim();
    if (!prompt || busy) return;
    clearInput();
    start(prompt);
  }

  function openSegment(content, seg) {
    var el;
    if (seg.tag === 'li') {
      var list = content.lastElementChild;
      if (!list || list.tagName !== 'UL') { list = document.createElement('ul'); content.appendChild(list); }
      el = document.createElement('li');
      list.appendChild(el);
    } else {
      el = document.createElement('p');
      content.appendChild(el);
    }
    var text = document.createTextNode('');
    el.appendChild(text);
    return { el: el, text: text };
  }
  function appendLinks(el, links) {
    links.forEach(function (l) {
      el.appendChild(document.createTextNode(' '));
      if (C.pill) {
        el.appendChild(frag(C.pill.split('{{HREF}}').join(esc(l.href)).split('{{LABEL}}').join(esc(l.label))));
        return;
      }
      var a = document.createElement('a');
      a.href = l.href;
      a.textContent = l.label;
      a.className = 'chip';
      a.target = '_blank';
      el.appendChild(a);
    });
  }
  /** The reply broke off: the stop goes, the error box with its Retry button comes, no action buttons. */
  function breakOff(turn) {
    setStreaming(false);
    var actions = turn.matches('[data-aw="actions"]') ? turn : $('[data-aw="actions"]', turn);
    (actions || turn).appendChild(frag(C.replyError || '<div class="error">Something went wrong.<button>Retry</button></div>'));
    busy = false;
    updateSubmit();
  }
  function linksHtml(links) {
    return links.map(function (l) { return '<a href="' + esc(l.href) + '">' + esc(l.title) + '</a>'; }).join('');
  }

  function finish(turn, answer) {
    setStreaming(false);
    [turn].concat(Array.prototype.slice.call(turn.querySelectorAll('*'))).forEach(function (el) {
      if (el.hasAttribute('data-is-streaming')) el.setAttribute('data-is-streaming', 'false');
      if (el.hasAttribute('aria-busy')) el.removeAttribute('aria-busy');
    });
    var actions = turn.matches('[data-aw="actions"]') ? turn : $('[data-aw="actions"]', turn);
    if (actions) actions.innerHTML = C.actions;
    var panelHtml = C.panel ? C.panel.replace('{{LINKS}}', linksHtml(answer.panel)) : null;
    if (panelHtml && C.panelAuto) document.body.appendChild(frag(panelHtml));
    var button = actions && $('[data-aw="sources"]', actions);
    if (button && panelHtml)
      button.addEventListener('click', function () {
        // The panel loads a moment after the click, as the real ones do.
        setTimeout(function () { document.body.appendChild(frag(panelHtml)); }, 120);
      });
    busy = false;
    updateSubmit();
  }

  async function start(prompt) {
    busy = true;
    updateSubmit();
    var thread = $('#thread');
    if (C.userTurn) thread.appendChild(frag(C.userTurn.replace('{{TEXT}}', esc(prompt))));
    if (C.mode === 'login-during') {
      setTimeout(function () { document.body.appendChild(frag(C.loginWall)); }, 150);
      return;
    }
    setStreaming(true);
    turnNo += 1;
    var turn = frag(C.assistantTurn.split('{{N}}').join(String(turnNo)));
    thread.appendChild(turn);
    var content = turn.matches('[data-aw="content"]') ? turn : $('[data-aw="content"]', turn);
    var res = await fetch(C.answerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: prompt }),
    });
    var answer = await res.json();
    var total = answer.segments.reduce(function (n, s) { return n + s.text.length; }, 0);
    var ticks = Math.max(1, Math.round(C.streamMs / C.tickMs));
    var perTick = Math.max(1, Math.ceil(total / ticks));
    var breaks = C.mode === 'stall' || C.mode === 'reply-error';
    var stallAt = breaks ? Math.floor(total / 2) : Infinity;
    var si = 0, ci = 0, shown = 0, cur = null;
    function tick() {
      var budget = perTick;
      while (budget > 0 && si < answer.segments.length) {
        if (shown >= stallAt) {
          // stall: stalls for good, the stop button stays; reply-error: the app gives up after a moment.
          if (C.mode === 'reply-error') setTimeout(function () { breakOff(turn); }, 150);
          return;
        }
        var seg = answer.segments[si];
        if (!cur) cur = openSegment(content, seg);
        var take = Math.min(budget, seg.text.length - ci, stallAt - shown);
        cur.text.appendData(seg.text.slice(ci, ci + take));
        ci += take; shown += take; budget -= take;
        if (ci >= seg.text.length) { appendLinks(cur.el, seg.links); si += 1; ci = 0; cur = null; }
      }
      if (si >= answer.segments.length) return finish(turn, answer);
      setTimeout(tick, C.tickMs);
    }
    setTimeout(tick, C.tickMs);
  }

  var input = C.input && $(C.input);
  if (input) {
    input.addEventListener('input', updateSubmit);
    input.addEventListener('keydown', function (e) {
      if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); }
    });
  }
  var submit = C.submit && $(C.submit);
  if (submit) submit.addEventListener('click', function (e) { e.preventDefault(); send(); });
  var form = input && input.closest('form');
  if (form) form.addEventListener('submit', function (e) { e.preventDefault(); send(); });
  updateSubmit();
  if (C.autoPrompt) start(C.autoPrompt);
})();
`;
