'use client';
export default function Pub() {
  return <p id="client">{process.env.NEXT_PUBLIC_SITE}|{String(process.env.SECRET)}|{process.env.NODE_ENV}</p>;
}
