import { readFileSync } from 'node:fs'

/**
 * The most a client can have written over loopback that the server never read: what the kernel's
 * send and receive buffers of one connection may grow to (Linux: the third figure of tcp_wmem and
 * tcp_rmem; 32 MB of receive buffer on some hosts). 16 MB elsewhere.
 */
export function socketBufferBytes(): number {
  try {
    const most = (name: string) => Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2])
    return most('tcp_rmem') + most('tcp_wmem')
  } catch {
    return 16 * 1024 * 1024
  }
}
