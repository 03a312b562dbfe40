// Every leak of another seat's secret in the play table at this moment: the browser test
// (test_play_browser.py, test_nothing_hidden_leaks) evaluates this on the page, with the page's words.
(root, words) => {
  const play = root.psPlay;
  const whole = play.hand.observe();
  const outcome = play.hand.outcome();
  const SUITS = {c: '\u2663', d: '\u2666', h: '\u2665', s: '\u2660'};
  const seats = Object.keys(whole.stacks);
  const gone = new Set([...(whole.folded || []), ...(whole.sitting_out || [])]);
  const live = seats.filter((s) => !gone.has(s));
  const open = new Set(['p1', ...(!outcome ? [] : Array.isArray(outcome.shown) ? outcome.shown
    : live.length > 1 ? live : [])]);
  const hidden = new Set();
  for (const s of seats) {
    if (open.has(s)) continue;
    const up = (whole.exposed || {})[s] || [];
    for (const c of (whole.hands || {})[s] || []) if (!up.includes(c)) hidden.add(c);
  }
  const sealed = [];
  play.record.attempts.forEach((a, i) => {
    const [seat, verb, ...rest] = a.text.split(' ');
    if (a.refusal || seat === 'p1') return;
    if (verb === 'sd') rest.forEach((c) => hidden.add(c));
    if ((verb === 'bid' || verb === 'dec') && a.phase === whole.phase && !outcome) sealed.push({i, seat, verb, x: rest[0], a: a.text});
  });
  const leaks = [];
  const all = [root, ...root.querySelectorAll('*')];
  const attrs = all.flatMap((n) => [...n.attributes].map((x) => x.value)).concat([location.href]);
  const codes = [...root.querySelectorAll('code')].map((n) => n.textContent);
  const text = root.textContent;
  for (const c of hidden) {
    const shown = c.slice(0, -1).replace('T', '10') + SUITS[c.slice(-1)];
    const word = new RegExp(`(^|[^A-Za-z0-9])${c}([^A-Za-z0-9]|$)`);
    if (text.includes(shown)) leaks.push(`card ${c} in the text`);
    if (attrs.concat(codes).some((v) => word.test(v))) leaks.push(`card ${c} in an attribute or notation`);
  }
  const items = [...root.querySelectorAll('.ps-play-history li')];
  for (const s of sealed) {
    const forms = [s.a, s.a.split(' ').join('.')];
    if (attrs.some((v) => forms.some((f) => v.includes(f)))) leaks.push(`${s.a} in an attribute or the address`);
    const item = items[s.i] ? items[s.i].textContent : '';
    if (item.includes(s.a) || item.includes(play.steps[s.i].name) || !item.includes(words['sealed_' + s.verb])) leaks.push(`${s.a} named in the history: ${item}`);
    const row = root.querySelector(`[data-testid=play-table] tr[data-seat=${s.seat}]`).textContent;
    const told = s.verb === 'bid' ? words.bid_shown.replace('{n}', s.x) : words['dec_' + s.x];
    if (row.includes(told)) leaks.push(`${s.a} told in the table: ${row}`);
  }
  return {leaks, sealed: sealed.length, hidden: hidden.size, over: !!outcome,
    actions: [...root.querySelectorAll('.ps-play-act[data-action]')].map((n) => n.getAttribute('data-action'))};
}
