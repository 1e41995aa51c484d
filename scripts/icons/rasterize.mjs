// Turns the icons listed in icons.txt into white-on-transparent PNGs under assets/icons/ (tinted
// in the game) and writes their credits into assets/CREDITS.md between its ICONS markers.
// Run through rasterize.sh, which installs the two pinned packages first.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const size = Number(process.env.ICON_SIZE || 192);
const set = JSON.parse(readFileSync(join(here, 'node_modules/@iconify-json/game-icons/icons.json'), 'utf8'));
const authors = {
  lorc: 'Lorc', delapouite: 'Delapouite', skoll: 'Skoll', cathelineau: 'Cathelineau',
  darkzaitzev: 'DarkZaitzev', 'heavenly-dog': 'HeavenlyDog', sbed: 'Sbed',
};
const lines = readFileSync(join(here, 'icons.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
mkdirSync(join(root, 'assets/icons'), { recursive: true });
const credits = [];
for (const line of lines) {
  const [name, author, ...what] = line.split(/\s+/);
  const icon = set.icons[name];
  if (!icon) throw new Error(`icons.txt: no icon "${name}" in @iconify-json/game-icons`);
  const w = icon.width || set.width || 512;
  const h = icon.height || set.height || 512;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${size}" height="${size}">`
    + `<g fill="#ffffff">${icon.body.replaceAll('currentColor', '#ffffff')}</g></svg>`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng();
  writeFileSync(join(root, 'assets/icons', `${name}.png`), png);
  credits.push(`| \`assets/icons/${name}.png\` | ${what.join(' ')} | ${authors[author] || author} | https://game-icons.net (github.com/game-icons/icons, \`${author}/${name}.svg\`) | CC BY 3.0 |`);
}
const path = join(root, 'assets/CREDITS.md');
const text = readFileSync(path, 'utf8');
const start = text.indexOf('<!-- ICONS -->');
const end = text.indexOf('<!-- /ICONS -->');
if (start < 0 || end < 0) throw new Error('assets/CREDITS.md: no <!-- ICONS --> … <!-- /ICONS --> markers');
const table = ['| file | stands for | author | source | licence |', '|---|---|---|---|---|', ...credits].join('\n');
writeFileSync(path, `${text.slice(0, start)}<!-- ICONS -->\n${table}\n${text.slice(end)}`);
console.log(`${credits.length} icons at ${size} px into assets/icons/`);

// The application's own icon (the window, the desktop entry, the macOS bundle): the Round Table in
// gold on a dark red disc with a gold rim, at the sizes desktops ask for, into assets/app-icon/.
const roundTable = set.icons['round-table'];
const tw = roundTable.width || set.width || 512;
const gold = '#e2b85c';
mkdirSync(join(root, 'assets/app-icon'), { recursive: true });
const sizes = [16, 24, 32, 48, 64, 128, 256, 512];
for (const px of sizes) {
  const inner = 0.66 * 512;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${px}" height="${px}">`
    + `<circle cx="256" cy="256" r="244" fill="#60161a" stroke="${gold}" stroke-width="20"/>`
    + `<g transform="translate(${(512 - inner) / 2} ${(512 - inner) / 2}) scale(${inner / tw})" fill="${gold}">`
    + `${roundTable.body.replaceAll('currentColor', gold)}</g></svg>`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: px }, background: 'rgba(0,0,0,0)' }).render().asPng();
  writeFileSync(join(root, 'assets/app-icon', `camelot-${px}.png`), png);
}
console.log(`the application icon at ${sizes.join(', ')} px into assets/app-icon/`);
