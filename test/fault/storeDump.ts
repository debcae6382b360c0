/**
 * Everything a job store holds, as one string, read the way an attacker with the store would read it: the
 * SQLite file and its WAL byte for byte, every Redis key of the namespace by type, every PostgreSQL row.
 */
import { existsSync, readFileSync } from 'node:fs';

function namespaceOf(url: string): string | null {
  const query = url.split('?')[1];
  return query ? new URLSearchParams(query).get('namespace') : null;
}

export async function dumpStore(storeUrl: string): Promise<string> {
  if (storeUrl.startsWith('sqlite:')) {
    const path = storeUrl.slice('sqlite:'.length).split('?')[0]!;
    return ['', '-wal', '-shm', '-journal']
      .map((suffix) => path + suffix)
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('\n');
  }
  const ns = namespaceOf(storeUrl);
  if (!ns) throw new Error(`store URL without a namespace: ${storeUrl}`);
  if (storeUrl.startsWith('redis')) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(storeUrl.split('?')[0]!);
    try {
      const parts: unknown[] = [];
      for (const key of await redis.keys(`{${ns}}:*`)) {
        const type = await redis.type(key);
        if (type === 'string') parts.push(key, await redis.get(key));
        else if (type === 'hash') parts.push(key, await redis.hgetall(key));
        else if (type === 'zset') parts.push(key, await redis.zrange(key, 0, -1, 'WITHSCORES'));
        else if (type === 'set') parts.push(key, await redis.smembers(key));
        else if (type === 'list') parts.push(key, await redis.lrange(key, 0, -1));
        else parts.push(key, type);
      }
      return JSON.stringify(parts);
    } finally {
      await redis.quit();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: storeUrl.split('?')[0]! });
  await client.connect();
  try {
    const rows = await client.query(`SELECT * FROM ${ns}_jobs`);
    return JSON.stringify(rows.rows);
  } finally {
    await client.end();
  }
}
