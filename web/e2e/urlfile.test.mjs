// URLs from a sitemap or a URL file (issue 37): the URLs box reads a sitemap's <url><loc>s or a list of URLs, picked
// or dropped, within the limits the CLI's --sitemap and --urls keep (the sitemaps protocol's 50,000 URLs and 50 MB,
// the core's SITEMAP_MAX_URLS and SITEMAP_MAX_BYTES); an index, a gzipped file and an HTML page are said to be so.
import test from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { alerts, enter, missing, readGrid, setup, urlsBox } from './harness.mjs';

const skip = missing();

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc>https://shop.example/</loc><lastmod>2026-11-01</lastmod></url>
  <url>
    <loc> https://shop.example/cart </loc>
    <image:image><image:loc>https://shop.example/img/cart.png</image:loc></image:image>
  </url>
  <url><loc>https://shop.example/products?sort=price&amp;page=2</loc></url>
</urlset>
`;
const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://shop.example/s1.xml</loc></sitemap></sitemapindex>
`;

test('URLs from a sitemap or a URL file', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { robots: 'User-agent: *\nDisallow: /cart\nDisallow: /*?sort=\n', agents: 'Googlebot\n', urls: '/old\n' });
  const picker = page.getByLabel('URLs from a sitemap or file…');
  const pick = (name, mimeType, buffer) => picker.setInputFiles({ name, mimeType, buffer: Buffer.from(buffer) });
  const notice = (text) => page.getByRole('status').filter({ hasText: text }).waitFor();

  await t.test("a sitemap: its pages' <loc>s, not its images', and the grid answers for them", async () => {
    await pick('sitemap.xml', 'application/xml', SITEMAP);
    await notice('Read 3 URLs from the sitemap sitemap.xml.');
    assert.equal(await urlsBox(page).inputValue(), 'https://shop.example/\nhttps://shop.example/cart\nhttps://shop.example/products?sort=price&page=2\n');
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 3);
    assert.deepEqual((await readGrid(page)).rows.map((row) => row[0]), ['allowed:0', 'disallowed:2', 'disallowed:3']);
  });

  await t.test('a list: one URL per line, blank lines and # comments skipped, CR LF line ends', async () => {
    await pick('urls.txt', 'text/plain', '# to check\r\n/a\r\n\r\n  https://shop.example/cart  \r\n');
    await notice('Read 2 URLs from the list urls.txt.');
    assert.equal(await urlsBox(page).inputValue(), '/a\nhttps://shop.example/cart\n');
  });

  await t.test('an index, a gzipped sitemap, an HTML page and a file over 50 MB are said to be so; the box is kept', async () => {
    await enter(page, { urls: '/kept\n' });
    const cases = [
      ['index.xml', 'application/xml', INDEX, /index\.xml is a sitemap index: it lists sitemaps, not pages.*--sitemap index\.xml/],
      ['sitemap.xml.gz', 'application/gzip', gzipSync(SITEMAP), /sitemap\.xml\.gz is gzipped.*--sitemap sitemap\.xml\.gz/],
      ['page.html', 'text/html', '<!DOCTYPE html>\n<html><body><p>Not found</p></body></html>', /page\.html is (an HTML page|not XML)/],
      ['empty.txt', 'text/plain', '# nothing\n\n', /empty\.txt lists no URLs/],
    ];
    for (const [name, type, body, said] of cases) {
      await pick(name, type, body);
      const alert = alerts(page).filter({ hasText: name });
      await alert.waitFor();
      assert.match(await alert.textContent(), said);
      assert.equal(await urlsBox(page).inputValue(), '/kept\n');
    }
    // 50 MB and one byte: refused before it is read (the size is the file's, so the bytes need not exist here).
    await page.evaluate(() => {
      const input = document.querySelector('.url-file input');
      const big = new File([new Uint8Array(50 * 1024 * 1024 + 1)], 'huge.xml', { type: 'application/xml' });
      const list = new DataTransfer();
      list.items.add(big);
      input.files = list.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await alerts(page).filter({ hasText: 'huge.xml holds 52428801 bytes, more than the 52428800 (50 MB) a sitemap may hold' }).waitFor();
    assert.equal(await urlsBox(page).inputValue(), '/kept\n');
  });

  await t.test('a sitemap dropped on the URLs box is read the same way', async () => {
    await page.evaluate((xml) => {
      const data = new DataTransfer();
      data.items.add(new File([xml], 'dropped.xml', { type: 'application/xml' }));
      document.querySelector('#urls').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, SITEMAP);
    await notice('Read 3 URLs from the sitemap dropped.xml.');
    assert.equal((await urlsBox(page).inputValue()).split('\n')[1], 'https://shop.example/cart');
  });

  await t.test("over the protocol's 50,000 URLs: the first 50,000 are read and the rest said to be left out", async () => {
    const list = Array.from({ length: 50_001 }, (_, i) => `/p${i}`).join('\n');
    await pick('many.txt', 'text/plain', list);
    await notice('Read 50000 URLs from the list many.txt; it lists more than 50000, the sitemaps protocol\'s limit, and the rest are left out.');
    const box = await urlsBox(page).inputValue();
    assert.equal(box.split('\n').length, 50_001);
    assert.ok(box.endsWith('/p49999\n'));
    // The grid checks its own first 1,000, and says so.
    await page.getByText('Only the first 1000 URLs are checked; 49000 more are left out.').waitFor();
  });

  await t.test('nothing thrown', () => {
    assert.deepEqual(page.errors, []);
  });
});
